import { Button } from '@douyinfe/semi-ui';
import { useT } from '@flotilla/shared';
import { EmptyState } from '@flotilla/shared/ui';
import { useNavigate } from 'react-router-dom';
import { CASE_LIST_PATH } from '../lib/paths';
import { Page } from './page';

/** Any path of this area without a page (yet). */
export function NotFoundPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Page>
      <EmptyState
        title={t('cases.notFound.title')}
        description={t('cases.notFound.description')}
        action={<Button onClick={() => navigate(CASE_LIST_PATH)}>{t('cases.notFound.back')}</Button>}
      />
    </Page>
  );
}
