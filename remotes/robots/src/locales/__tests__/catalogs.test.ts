import { join } from 'node:path';
import { describeCatalogs } from '@flotilla/shared/test';
import { catalogs } from '..';

describeCatalogs('robots', {
  catalogs,
  srcDir: join(import.meta.dirname, '..', '..'),
  minUsedIds: 20,
  sample: { id: 'robots.list.total', values: { count: 2 }, 'en-US': '2 robots', 'zh-CN': '共 2 个机器人' },
});
