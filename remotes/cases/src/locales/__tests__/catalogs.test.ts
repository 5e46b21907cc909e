import { join } from 'node:path';
import { describeCatalogs } from '@flotilla/shared/test';
import { catalogs } from '..';

describeCatalogs('cases', {
  catalogs,
  srcDir: join(import.meta.dirname, '..', '..'),
  minUsedIds: 15,
  sample: { id: 'cases.list.total', values: { count: 2 }, 'en-US': '2 cases', 'zh-CN': '共 2 个案例' },
});
