import { Button } from '@douyinfe/semi-ui';
import { useT } from '@flotilla/shared';
import { EmptyState } from '@flotilla/shared/ui';
import { useNavigate } from 'react-router-dom';
import { DATASET_LIST_PATH } from '../lib/paths';
import { Page } from './page';

/** Any path of this area without a page (yet). */
export function NotFoundPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Page>
      <EmptyState
        title={t('datasets.notFound.title')}
        description={t('datasets.notFound.description')}
        action={<Button onClick={() => navigate(DATASET_LIST_PATH)}>{t('datasets.notFound.back')}</Button>}
      />
    </Page>
  );
}
