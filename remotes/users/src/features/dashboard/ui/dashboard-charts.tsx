import { $settings, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import {
  $chartsData,
  $chartsRange,
  $chartsShown,
  chartsRangePicked,
  chartsRetryClicked,
} from '../dashboard-charts.model';
import { CHART_KINDS } from '../lib/chart-specs';
import { DashboardChart } from './dashboard-chart';
import { RangePicker } from './range-picker';

/** The dashboard's charts over a range of days, for admins and operators. */
export function DashboardCharts() {
  const t = useT();
  const [data, range, shown, settings] = useUnit([$chartsData, $chartsRange, $chartsShown, $settings]);
  const [picked, retried] = useUnit([chartsRangePicked, chartsRetryClicked]);
  if (!shown) return null;
  return (
    <section className="flu-dashboard__charts" aria-label={t('users.dashboard.charts.title')}>
      <RangePicker range={range} onPick={picked} />
      <div className="flu-dashboard__chart-grid">
        {CHART_KINDS.map((kind) => (
          <DashboardChart key={kind} kind={kind} data={data} theme={settings.theme} onRetry={() => retried()} />
        ))}
      </div>
    </section>
  );
}
