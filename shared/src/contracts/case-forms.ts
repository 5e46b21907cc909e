import { Type, type Static } from '@sinclair/typebox';
import { CASE_FIELDS, CaseFormValuesSchema, CaseStatusSchema, TotalSchema } from './cases';
import { IdSchema, IsoDateSchema, PageQuerySchema, PageSchema } from './common';
import { endpoint } from './endpoint';

export const CASE_FORM_LIMITS = { fieldsMax: CASE_FIELDS.max, nameMax: CASE_FIELDS.nameMax, labelMax: 60 } as const;

/** What a case form field holds; phone, email and number are recognised wherever they appear in a message. */
export const CASE_FIELD_TYPES = ['text', 'phone', 'email', 'number'] as const;
export type CaseFieldType = (typeof CASE_FIELD_TYPES)[number];

export const CaseFormFieldSchema = Type.Object({
  /** The key of the value on the case: a letter or underscore, then letters, digits, underscores. */
  name: Type.String({ pattern: CASE_FIELDS.namePattern, minLength: 1, maxLength: CASE_FORM_LIMITS.nameMax }),
  label: Type.String({ minLength: 1, maxLength: CASE_FORM_LIMITS.labelMax }),
  type: Type.Union(CASE_FIELD_TYPES.map((t) => Type.Literal(t))),
  required: Type.Boolean(),
});
export type CaseFormField = Static<typeof CaseFormFieldSchema>;

/**
 * A robot's case form: when a conversation has given every required field, one case opens with the values
 * (docs/cases.md). Field names are unique within a form.
 */
export const CaseFormSchema = Type.Object({
  enabled: Type.Boolean(),
  fields: Type.Array(CaseFormFieldSchema, { maxItems: CASE_FORM_LIMITS.fieldsMax }),
});
export type CaseForm = Static<typeof CaseFormSchema>;

export const CaseFormParamsSchema = Type.Object({ id: IdSchema });
export const GetCaseForm = endpoint({
  method: 'GET',
  path: '/v1/processes/{id}/caseForm',
  params: CaseFormParamsSchema,
  response: CaseFormSchema,
});
export const PutCaseForm = endpoint({
  method: 'PUT',
  path: '/v1/processes/{id}/caseForm',
  params: CaseFormParamsSchema,
  body: CaseFormSchema,
  response: CaseFormSchema,
});

/** One filled case form: a case's collected values, for the table of a robot's leads. */
export const FilledCaseFormSchema = Type.Object({
  caseId: IdSchema,
  processId: IdSchema,
  processName: Type.String(),
  status: CaseStatusSchema,
  form: CaseFormValuesSchema,
  createdAt: IsoDateSchema,
});
export type FilledCaseForm = Static<typeof FilledCaseFormSchema>;

/** `GET /v1/case/caseForms` and `/caseForms/total`: the filled forms of the cases the caller may see, newest first. */
export const CaseFormsQuerySchema = Type.Composite([
  PageQuerySchema,
  Type.Object({ processId: Type.Optional(IdSchema) }),
]);
export type CaseFormsQuery = Static<typeof CaseFormsQuerySchema>;
export const ListFilledCaseForms = endpoint({
  method: 'GET',
  path: '/v1/case/caseForms',
  query: CaseFormsQuerySchema,
  response: PageSchema(FilledCaseFormSchema),
});
export const CountFilledCaseForms = endpoint({
  method: 'GET',
  path: '/v1/case/caseForms/total',
  query: Type.Object({ processId: Type.Optional(IdSchema) }),
  response: TotalSchema,
});

/** Public: a share link's visitor follows the cases their conversations opened. */
export const CaseShareQuerySchema = Type.Object({
  shareId: Type.String({ minLength: 1, maxLength: 64 }),
  /** The visitor's own random id (the public chat's uuid): only its cases are shown. */
  visitorId: Type.String({ minLength: 8, maxLength: 64 }),
});
export type CaseShareQuery = Static<typeof CaseShareQuerySchema>;
export const VisitorCaseSchema = Type.Object({
  id: IdSchema,
  title: Type.String(),
  status: CaseStatusSchema,
  form: CaseFormValuesSchema,
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
});
export type VisitorCase = Static<typeof VisitorCaseSchema>;
export const GetCaseShareInfo = endpoint({
  method: 'GET',
  path: '/v1/case/share/info',
  query: CaseShareQuerySchema,
  response: Type.Object({ list: Type.Array(VisitorCaseSchema) }),
});

/** Public: how a share page shows its robot's case form to the visitor (labels of the fields, in order). */
export const CasePreviewUiSchema = Type.Object({
  enabled: Type.Boolean(),
  fields: Type.Array(
    Type.Object({ name: Type.String(), label: Type.String(), type: CaseFormFieldSchema.properties.type }),
  ),
});
export type CasePreviewUi = Static<typeof CasePreviewUiSchema>;
export const GetCasePreviewUi = endpoint({
  method: 'GET',
  path: '/v1/case/webPreviewUi',
  query: Type.Object({ shareId: Type.String({ minLength: 1, maxLength: 64 }) }),
  response: CasePreviewUiSchema,
});
