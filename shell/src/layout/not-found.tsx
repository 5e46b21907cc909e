import { useNavigate } from 'react-router-dom';
import { Button, Empty, Typography } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { HOME_PATH } from '../router/route-match';

/** Any path that is no route, or a route the guard refuses. */
export function NotFound() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="fl-not-found" data-testid="not-found">
      <Empty
        title={<Typography.Title heading={2}>{t('shell.notFound.title')}</Typography.Title>}
        description={t('shell.notFound.description')}
      >
        <Button theme="solid" type="primary" onClick={() => navigate(HOME_PATH)}>
          {t('shell.notFound.home')}
        </Button>
      </Empty>
    </div>
  );
}
