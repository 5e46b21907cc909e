import { saveFile, useT, type Theme } from '@flotilla/shared';
import { ErrorState } from '@flotilla/shared/ui';
import { Button, Card, Empty, IconUpload, Spin, Typography } from '@flotilla/shared/ui/semi';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChartsData } from '../dashboard-charts.model';
import { chartSpec, type ChartKind, type ChartLabels } from '../lib/chart-specs';
import type { DrawnChart } from '../lib/draw-chart';

/** G2 loads with the first chart drawn, not with the dashboard's cards; one import for every chart. */
let drawing: Promise<typeof import('../lib/draw-chart')> | undefined;
const loadDrawing = () => (drawing ??= import('../lib/draw-chart'));

/** Height of every chart's drawing, CSS pixels. */
const CHART_HEIGHT = 260;
/** Width drawn at before the card has been measured. */
const FIRST_WIDTH = 320;

/** The chart's file when exported (product rule). */
export const CHART_FILE = 'chart.png';

/** Width of an element, followed as it resizes (a phone turned, the menu folded). */
function useWidth(element: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    setWidth(Math.floor(target.clientWidth));
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * One chart of the dashboard: its title, its loading, empty and error states, the G2 drawing (in the
 * console's theme, as wide as its card) and an "Export PNG" button that downloads it as chart.png.
 */
export function DashboardChart({
  kind,
  data,
  theme,
  onRetry,
}: {
  kind: ChartKind;
  data: ChartsData;
  theme: Theme;
  onRetry: () => void;
}) {
  const t = useT();
  const holder = useRef<HTMLDivElement>(null);
  const drawn = useRef<DrawnChart | null>(null);
  const [state, setState] = useState<'none' | 'drawn' | 'failed'>('none');
  const width = useWidth(holder);

  const labels = useMemo<ChartLabels>(
    () => ({
      answers: t('users.dashboard.charts.label.answers'),
      credits: t('users.dashboard.charts.label.credits'),
      likes: t('users.dashboard.charts.label.likes'),
      dislikes: t('users.dashboard.charts.label.dislikes'),
      answered: t('users.dashboard.charts.label.answered'),
      unanswered: t('users.dashboard.charts.label.unanswered'),
      sessions: t('users.dashboard.charts.label.sessions'),
      files: t('users.dashboard.charts.label.files'),
      otherRobots: t('users.dashboard.charts.label.otherRobots'),
      deletedRobot: t('users.dashboard.charts.label.deletedRobot'),
    }),
    [t],
  );
  const chart = useMemo(
    () => (data.status === 'ready' ? chartSpec(kind, data.summary, labels) : undefined),
    [kind, data, labels],
  );
  const showing = chart !== undefined && !chart.empty;

  useEffect(() => {
    const target = holder.current;
    if (!showing || !target) return;
    const drawWidth = width > 0 ? width : FIRST_WIDTH;
    let current = true;
    loadDrawing()
      .then(async ({ createChart }) => {
        if (!current) return;
        drawn.current ??= createChart(target, drawWidth, CHART_HEIGHT);
        await drawn.current.resize(drawWidth, CHART_HEIGHT);
        await drawn.current.draw(chart.spec, theme);
        if (current) setState('drawn');
      })
      .catch(() => {
        if (current) setState('failed');
      });
    return () => {
      current = false;
    };
  }, [showing, chart, theme, width]);

  useEffect(
    () => () => {
      drawn.current?.destroy();
      drawn.current = null;
    },
    [],
  );

  const exportPng = async () => {
    if (!drawn.current) return;
    saveFile(await drawn.current.toPng(), CHART_FILE);
  };

  const title = t(`users.dashboard.charts.${kind}.title`);
  return (
    <Card
      className="flu-dashboard__chart"
      data-testid={`chart-${kind}`}
      data-drawn={showing && state === 'drawn' ? 'true' : 'false'}
      bodyStyle={{ padding: 16 }}
    >
      <div className="flu-dashboard__chart-head">
        <Typography.Title heading={6} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Button
          size="small"
          theme="borderless"
          icon={<IconUpload />}
          disabled={!showing || state !== 'drawn'}
          aria-label={t('users.dashboard.charts.exportLabel', { chart: title })}
          onClick={() => void exportPng()}
        >
          {t('users.dashboard.charts.export')}
        </Button>
      </div>
      <div className="flu-dashboard__chart-body" style={{ minHeight: CHART_HEIGHT }}>
        {data.status === 'loading' || data.status === 'idle' ? (
          <div className="flu-dashboard__chart-state" role="status">
            <Spin tip={t('users.dashboard.charts.loading')} />
          </div>
        ) : data.status === 'failed' ? (
          <div className="flu-dashboard__chart-state">
            <ErrorState title={t('users.dashboard.charts.failed')} description={data.message} onRetry={onRetry} />
          </div>
        ) : !showing ? (
          <div className="flu-dashboard__chart-state">
            <Empty description={t('users.dashboard.charts.empty')} />
          </div>
        ) : state === 'failed' ? (
          <div className="flu-dashboard__chart-state">
            <ErrorState title={t('users.dashboard.charts.drawFailed')} />
          </div>
        ) : null}
        <div ref={holder} className="flu-dashboard__chart-canvas" hidden={!showing || state === 'failed'} />
      </div>
    </Card>
  );
}
