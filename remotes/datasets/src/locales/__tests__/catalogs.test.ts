import { join } from 'node:path';
import { FILE_STATUSES, FILE_TYPES, SEARCH_MODES } from '@flotilla/shared';
import { describeCatalogs } from '@flotilla/shared/test';
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
  ],
});
