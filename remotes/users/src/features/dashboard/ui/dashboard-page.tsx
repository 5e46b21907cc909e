import { $locale, $user, useT } from '@flotilla/shared';
import { ErrorState, Page, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { $overview, $overviewKeys, dashboardOpened, overviewRetryClicked } from '../dashboard.model';
import { CountCard } from './count-card';
import { DashboardCharts } from './dashboard-charts';
import './dashboard.css';

/**
 * `/dashboard` and `/dashboard/workplace`: how many robots, datasets, cases (and users, for admins) the tenant
 * has, then the charts of a range of days.
 */
export function DashboardPage() {
  const t = useT();
  const [overview, keys, user, locale] = useUnit([$overview, $overviewKeys, $user, $locale]);
  const [opened, retried] = useUnit([dashboardOpened, overviewRetryClicked]);

  useEffect(() => {
    opened();
  }, [opened]);

  const allFailed = keys.length > 0 && keys.every((key) => overview[key]?.status === 'failed');
  const firstFailure = keys.map((key) => overview[key]).find((count) => count?.status === 'failed');

  const title = user
    ? t('users.dashboard.greeting', { name: user.nickname || user.username })
    : t('users.dashboard.title');
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
      <DashboardCharts />
    </Page>
  );
}
