import { Button } from '@flotilla/shared/ui/semi';
import { Form } from '@flotilla/shared/ui/semi-forms';
import {
  SCENE_ID_FIELD_KINDS,
  SCENE_LIMITS,
  SCENE_TEXT_FORMATS,
  useT,
  type SceneField,
  type SceneTemplate,
  type SceneValues,
} from '@flotilla/shared';
import type { SceneFormValues, SceneSources } from '../business-scenes.model';

const NAME_MAX = 100;

/** The words and bound of each kind of id field. */
const ID_FIELDS = {
  datasets: {
    placeholderId: 'robots.scenes.datasetsPlaceholder',
    emptyId: 'robots.scenes.noDatasets',
    tooManyId: 'robots.scenes.datasetsTooMany',
    max: SCENE_LIMITS.datasets,
  },
  databases: {
    placeholderId: 'robots.scenes.databasesPlaceholder',
    emptyId: 'robots.scenes.noDatabases',
    tooManyId: 'robots.scenes.databasesTooMany',
    max: SCENE_LIMITS.databases,
  },
} as const;

/** One template field as its kind asks for it: a line, several lines, or a choice of datasets or databases. */
function fieldInput(field: SceneField, sources: SceneSources, t: ReturnType<typeof useT>) {
  const common = { field: `values.${field.name}`, label: field.label, key: field.name };
  const required = field.required ? [{ required: true, message: t('robots.scenes.fieldRequired') }] : [];
  if (field.kind === 'datasets' || field.kind === 'databases') {
    const words = ID_FIELDS[field.kind];
    const [items, loading] =
      field.kind === 'datasets'
        ? [sources.datasets, sources.datasetsLoading]
        : [sources.databases, sources.databasesLoading];
    return (
      <Form.Select
        {...common}
        multiple
        filter
        loading={loading}
        placeholder={t(words.placeholderId)}
        emptyContent={t(words.emptyId)}
        optionList={items.map((item) => ({ value: item.id, label: item.name }))}
        style={{ width: '100%' }}
        rules={[
          ...(field.required
            ? [{ type: 'array' as const, required: true, message: t('robots.scenes.fieldRequired') }]
            : []),
          { type: 'array' as const, max: words.max, message: t(words.tooManyId, { max: words.max }) },
        ]}
      />
    );
  }
  const max = field.kind === 'text' ? SCENE_LIMITS.text : SCENE_LIMITS.textarea;
  const rules = [
    ...required,
    { max, message: t('robots.scenes.fieldTooLong', { max }) },
    // As the server checks it: the trimmed text, when there is any.
    ...(field.format === 'price'
      ? [
          {
            validator: (_rule: unknown, value: unknown) =>
              !String(value ?? '').trim() || new RegExp(SCENE_TEXT_FORMATS.price).test(String(value).trim()),
            message: t('robots.scenes.fieldPrice'),
          },
        ]
      : []),
  ];
  if (field.kind === 'text')
    return (
      <Form.Input
        {...common}
        maxLength={max}
        rules={rules}
        {...(field.format === 'price' ? { inputMode: 'decimal' as const } : {})}
      />
    );
  return <Form.TextArea {...common} autosize={{ minRows: 2, maxRows: 10 }} maxCount={max} rules={rules} />;
}

/** The form's start: the robot's name and each field's value (a text field's default when none is given). */
export function initialSceneValues(template: SceneTemplate, given?: { name: string; values: SceneValues }) {
  const values = Object.fromEntries(
    template.fields.map((field) => [
      field.name,
      given?.values[field.name] ?? (SCENE_ID_FIELD_KINDS.includes(field.kind) ? [] : (field.default ?? '')),
    ]),
  );
  return { name: given?.name ?? template.name, values };
}

/** A template's short form: the robot's name, then the template's fields by kind. */
export function SceneForm({
  template,
  initial,
  sources,
  saving,
  submitLabel,
  onSubmit,
}: {
  template: SceneTemplate;
  initial: SceneFormValues;
  sources: SceneSources;
  saving: boolean;
  submitLabel: string;
  onSubmit: (values: SceneFormValues) => void;
}) {
  const t = useT();
  return (
    <Form<SceneFormValues>
      initValues={initial}
      labelPosition="top"
      style={{ maxWidth: 760 }}
      onSubmit={(values) => onSubmit({ name: values.name ?? '', values: values.values ?? {} })}
    >
      <Form.Input
        field="name"
        label={t('robots.scenes.name')}
        maxLength={NAME_MAX}
        rules={[
          { required: true, whitespace: true, message: t('robots.scenes.nameRequired') },
          { max: NAME_MAX, message: t('robots.scenes.fieldTooLong', { max: NAME_MAX }) },
        ]}
      />
      {template.fields.map((field) => fieldInput(field, sources, t))}
      <Button htmlType="submit" theme="solid" type="primary" loading={saving} style={{ marginTop: 12 }}>
        {submitLabel}
      </Button>
    </Form>
  );
}
