import { Button, Card, Typography, IconArticle, IconBookStroked, IconComment, IconUserGroup } from '@flotilla/shared/ui/semi';
import { $locale, $user, useT } from '@flotilla/shared';
import { ErrorState, Page, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { $overview, $overviewKeys, dashboardOpened, overviewRetryClicked, type OverviewCount, type OverviewKey } from '../dashboard.model';
import './dashboard.css';

const CARDS: Record<OverviewKey, { path: string; icon: ReactNode }> = {
  robots: { path: '/robot', icon: <IconComment /> },
  datasets: { path: '/dataset', icon: <IconBookStroked /> },
  cases: { path: '/case', icon: <IconArticle /> },
  users: { path: '/employee-list', icon: <IconUserGroup /> },
};

function CountCard({ kind, count, locale, onRetry }: { kind: OverviewKey; count: OverviewCount | undefined; locale: string; onRetry: () => void }) {
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
        <div className="flu-dashboard__total">{count?.status === 'ready' ? new Intl.NumberFormat(locale).format(count.total) : '—'}</div>
      )}
      <div className="flu-dashboard__hint">{t(`users.dashboard.${kind}.hint`)}</div>
      <Link className="flu-dashboard__link" to={path}>
        {t('users.dashboard.viewAll')}
      </Link>
    </Card>
  );
}

/** `/dashboard` and `/dashboard/workplace`: how many robots, datasets, cases (and users, for admins) the tenant has. */
export function DashboardPage() {
  const t = useT();
  const [overview, keys, user, locale] = useUnit([$overview, $overviewKeys, $user, $locale]);
  const [opened, retried] = useUnit([dashboardOpened, overviewRetryClicked]);

  useEffect(() => {
    opened();
  }, [opened]);

  const allFailed = keys.length > 0 && keys.every((key) => overview[key]?.status === 'failed');
  const firstFailure = keys.map((key) => overview[key]).find((count) => count?.status === 'failed');

  const title = user ? t('users.dashboard.greeting', { name: user.nickname || user.username }) : t('users.dashboard.title');
  return (
    <Page>
      <PageHeader title={title} description={t('users.dashboard.subtitle')} />
      {allFailed ? (
        <Surface>
          <ErrorState
            title={t('users.dashboard.error')}
            description={firstFailure?.status === 'failed' ? firstFailure.message : undefined}
            onRetry={() => retried()}
          />
        </Surface>
      ) : (
        <div className="flu-dashboard__cards">
          {keys.map((key) => (
            <CountCard key={key} kind={key} count={overview[key]} locale={locale} onRetry={() => retried()} />
          ))}
        </div>
      )}
    </Page>
  );
}
