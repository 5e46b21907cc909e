import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, IsoDateSchema, PageQuerySchema, PageSchema } from './common';

/** A dataset: a library of files, segments and QA pairs. */
export const DatasetSchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  description: Type.String(),
  fileCount: Type.Integer({ minimum: 0 }),
  segmentCount: Type.Integer({ minimum: 0 }),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
});
export type Dataset = Static<typeof DatasetSchema>;

export const ListDatasetsQuerySchema = Type.Composite([
  PageQuerySchema,
  Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 100 })) }),
]);
export type ListDatasetsQuery = Static<typeof ListDatasetsQuerySchema>;
export const DatasetListResponseSchema = PageSchema(DatasetSchema);
export type DatasetListResponse = Static<typeof DatasetListResponseSchema>;

export const CreateDatasetBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type CreateDatasetBody = Static<typeof CreateDatasetBodySchema>;

export const DatasetParamsSchema = Type.Object({ id: IdSchema });
export type DatasetParams = Static<typeof DatasetParamsSchema>;
