import {
  ListDatabases,
  ListDatasets,
  ListModels,
  request,
  type DatabaseListResponse,
  type DatasetListResponse,
  type ModelConfigResponse,
} from '@flotilla/shared';

/** The most datasets one list call answers: the pickers offer the first this many. */
export const DATASET_PICKER_LIMIT = 200;

/**
 * The tenant's datasets a robot may answer from (the first page of {@link DATASET_PICKER_LIMIT}), for the
 * basic config, the flow editors' knowledge search and the business-scene forms.
 */
export function listDatasets(): Promise<DatasetListResponse> {
  return request(ListDatasets, { query: { offset: 0, limit: DATASET_PICKER_LIMIT } });
}

/** The most databases one list call answers: the pickers offer the first this many. */
export const DATABASE_PICKER_LIMIT = 200;

/**
 * The tenant's databases a robot may read (the first page of {@link DATABASE_PICKER_LIMIT}), for the basic
 * config and the flow editor's dbQuery node.
 */
export function listDatabases(): Promise<DatabaseListResponse> {
  return request(ListDatabases, { query: { offset: 0, limit: DATABASE_PICKER_LIMIT } });
}

/** The models a robot (or one of its flow's aiChat and classify nodes) may use, with their price. */
export function listModels(adminId: string): Promise<ModelConfigResponse> {
  return request(ListModels, { params: { adminId } });
}
