import { BackButton } from '@flotilla/shared/ui';
import { useT } from '@flotilla/shared';
import { DATABASE_LIST_PATH } from '../lib/database-paths';

/** Back to the database list, above a page title. */
export function BackToDatabases() {
  const t = useT();
  return <BackButton to={DATABASE_LIST_PATH}>{t('datasets.database.back')}</BackButton>;
}
