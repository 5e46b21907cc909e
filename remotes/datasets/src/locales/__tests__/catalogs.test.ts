import { join } from 'node:path';
import {
  DATABASE_QUERY_MODES,
  DATABASE_TEST_ERRORS,
  FILE_STATUSES,
  FILE_TYPES,
  IMPORT_COLUMN_TYPES,
  SEARCH_MODES,
} from '@flotilla/shared';
import { describeCatalogs } from '@flotilla/shared/test';
import { QUERY_REFUSALS } from '../../lib/query-refusals';
import { catalogs } from '..';

describeCatalogs('datasets', {
  catalogs,
  srcDir: join(import.meta.dirname, '..', '..'),
  minUsedIds: 150,
  sample: { id: 'datasets.list.total', values: { count: 2 }, 'en-US': '2 datasets', 'zh-CN': '共 2 个知识库' },
  // Ids built from values: every value they can take.
  builtIds: [
    ...FILE_STATUSES.map((status) => `datasets.fileStatus.${status}`),
    ...FILE_TYPES.map((type) => `datasets.fileType.${type}`),
    ...SEARCH_MODES.map((mode) => `datasets.searchMode.${mode}`),
    ...['queued', 'parsing'].map((status) => `datasets.file.${status}`),
    ...['ready', 'waiting', 'uploaded'].map((state) => `datasets.upload.state.${state}`),
    ...DATABASE_TEST_ERRORS.map((code) => `datasets.database.test.error.${code}`),
    ...QUERY_REFUSALS.map((code) => `datasets.database.refusal.${code}`),
    ...IMPORT_COLUMN_TYPES.map((type) => `datasets.database.importType.${type}`),
    ...DATABASE_QUERY_MODES.map((mode) => `datasets.database.queryMode.${mode}`),
    ...['all', 'refused', 'ran'].map((filter) => `datasets.database.queries.filter.${filter}`),
  ],
});
