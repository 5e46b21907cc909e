import { Button } from '@douyinfe/semi-ui';
import { useT } from '@flotilla/shared';
import { EmptyState } from '@flotilla/shared/ui';
import { useNavigate } from 'react-router-dom';
import { ROBOT_LIST_PATH } from '../lib/paths';
import { Page } from './page';

/** Any path of this area without a page (yet). */
export function NotFoundPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Page>
      <EmptyState
        title={t('robots.notFound.title')}
        description={t('robots.notFound.description')}
        action={<Button onClick={() => navigate(ROBOT_LIST_PATH)}>{t('robots.notFound.back')}</Button>}
      />
    </Page>
  );
}
