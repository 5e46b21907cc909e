import { Button, Empty } from '@douyinfe/semi-ui';
import { useT } from '@flotilla/shared';
import { useNavigate } from 'react-router-dom';

/** Any path of this area the remote does not (yet) render. */
export function NotFoundPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Empty title={t('users.notFound.title')} description={t('users.notFound.description')} style={{ padding: 48 }}>
      <Button onClick={() => navigate('/dashboard')}>{t('users.notFound.back')}</Button>
    </Empty>
  );
}
