import { join } from 'node:path';
import { describeCatalogs } from '@flotilla/shared/test';
import { catalogs } from '..';

describeCatalogs('datasets', {
  catalogs,
  srcDir: join(import.meta.dirname, '..', '..'),
  minUsedIds: 20,
  sample: { id: 'datasets.list.total', values: { count: 2 }, 'en-US': '2 datasets', 'zh-CN': '共 2 个知识库' },
});
