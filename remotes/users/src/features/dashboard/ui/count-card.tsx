import {
  Button,
  Card,
  Typography,
  IconArticle,
  IconBookStroked,
  IconComment,
  IconUserGroup,
} from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { OverviewCount, OverviewKey } from '../dashboard.model';

const CARDS: Record<OverviewKey, { path: string; icon: ReactNode }> = {
  robots: { path: '/robot', icon: <IconComment /> },
  datasets: { path: '/dataset', icon: <IconBookStroked /> },
  cases: { path: '/case', icon: <IconArticle /> },
  users: { path: '/employee-list', icon: <IconUserGroup /> },
};

export function CountCard({
  kind,
  count,
  locale,
  onRetry,
}: {
  kind: OverviewKey;
  count: OverviewCount | undefined;
  locale: string;
  onRetry: () => void;
}) {
  const t = useT();
  const { path, icon } = CARDS[kind];
  return (
    <Card loading={!count || count.status === 'loading'} data-testid={`overview-${kind}`} bodyStyle={{ padding: 20 }}>
      <div className="flu-dashboard__card-head">
        <span className="flu-dashboard__icon" aria-hidden>
          {icon}
        </span>
        <Typography.Title heading={6} style={{ margin: 0 }}>
          {t(`users.dashboard.${kind}.title`)}
        </Typography.Title>
      </div>
      {count?.status === 'failed' ? (
        <div className="flu-dashboard__failed" role="alert">
          <span>{t('users.dashboard.countFailed')}</span>
          <Button size="small" theme="borderless" onClick={onRetry}>
            {t('users.dashboard.retry')}
          </Button>
        </div>
      ) : (
        <div className="flu-dashboard__total">
          {count?.status === 'ready' ? new Intl.NumberFormat(locale).format(count.total) : '—'}
        </div>
      )}
      <div className="flu-dashboard__hint">{t(`users.dashboard.${kind}.hint`)}</div>
      <Link className="flu-dashboard__link" to={path}>
        {t('users.dashboard.viewAll')}
      </Link>
    </Card>
  );
}
