import type { G2Spec } from '@antv/g2';
import type { DashboardSummaryResponse } from '@flotilla/shared';
import { daysOf } from './day-range';

/** The dashboard's charts, in the order they are shown. */
export const CHART_KINDS = [
  'answersByDay',
  'creditsByDay',
  'topRobots',
  'feedback',
  'unanswered',
  'sessionsByShare',
  'filesByDay',
] as const;
export type ChartKind = (typeof CHART_KINDS)[number];

/** The translated words the charts draw (series, slices, axis titles). */
export type ChartLabels = {
  answers: string;
  credits: string;
  likes: string;
  dislikes: string;
  answered: string;
  unanswered: string;
  sessions: string;
  files: string;
  otherRobots: string;
  deletedRobot: string;
};

/** A chart ready to draw, or `empty` when the range holds nothing for it. */
export type ChartSpec = { empty: boolean; spec: G2Spec };

/** Robots the answers-per-day chart draws apart; the others are summed into one line. */
const SEPARATE_ROBOTS = 5;

/** A day axis: month-day labels, level, thinned out when they would overlap (a phone, 90 days). */
const DAY_AXIS = {
  title: false,
  labelFormatter: (day: string) => day.slice(5),
  labelAutoRotate: false,
  labelAutoHide: true,
} as const;

function robotNames(summary: DashboardSummaryResponse, labels: ChartLabels) {
  const names = new Map(summary.robots.map((robot) => [robot.processId, robot.name || labels.deletedRobot]));
  return (processId: string) => names.get(processId) ?? labels.deletedRobot;
}

/** A bar per day of the range, days with nothing at 0. */
function perDay(
  summary: DashboardSummaryResponse,
  rows: Array<{ day: string; value: number }>,
  title: string,
): ChartSpec {
  const byDay = new Map(rows.map((row) => [row.day, row.value]));
  return {
    empty: rows.every((row) => row.value === 0),
    spec: {
      type: 'interval',
      data: daysOf(summary).map((day) => ({ day, value: byDay.get(day) ?? 0 })),
      encode: { x: 'day', y: 'value' },
      axis: { x: DAY_AXIS, y: { title } },
      tooltip: { items: [{ channel: 'y', name: title }] },
    },
  };
}

/** A ring of two parts, each labelled with its count and share. */
function ring(parts: Array<{ part: string; value: number }>): ChartSpec {
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  const label = (d: { value: number }) => (d.value > 0 ? `${d.value} (${Math.round((d.value / total) * 100)}%)` : '');
  return {
    empty: parts.every((part) => part.value === 0),
    spec: {
      type: 'interval',
      data: parts,
      encode: { y: 'value', color: 'part' },
      transform: [{ type: 'stackY' }],
      coordinate: { type: 'theta', outerRadius: 0.85, innerRadius: 0.55 },
      labels: [{ text: label, position: 'outside' }],
      legend: { color: { position: 'bottom', layout: { justifyContent: 'center' } } },
      tooltip: { items: [{ field: 'value' }] },
    },
  };
}

/** The G2 spec of one chart of a summary (pure: the view only draws it). */
export function chartSpec(kind: ChartKind, summary: DashboardSummaryResponse, labels: ChartLabels): ChartSpec {
  const name = robotNames(summary, labels);
  switch (kind) {
    case 'answersByDay': {
      const separate = new Set(summary.topRobots.slice(0, SEPARATE_ROBOTS).map((robot) => robot.processId));
      const series = [...summary.topRobots.slice(0, SEPARATE_ROBOTS).map((robot) => name(robot.processId))];
      const counts = new Map<string, number>();
      for (const row of summary.answersByDay) {
        const robot = separate.has(row.processId) ? name(row.processId) : labels.otherRobots;
        if (!series.includes(robot)) series.push(robot);
        const key = `${row.day}\t${robot}`;
        counts.set(key, (counts.get(key) ?? 0) + row.answers);
      }
      const data = daysOf(summary).flatMap((day) =>
        series.map((robot) => ({ day, robot, answers: counts.get(`${day}\t${robot}`) ?? 0 })),
      );
      return {
        empty: summary.answersByDay.length === 0,
        spec: {
          type: 'line',
          data,
          encode: { x: 'day', y: 'answers', color: 'robot' },
          axis: { x: DAY_AXIS, y: { title: labels.answers } },
          legend: { color: { position: 'bottom' } },
        },
      };
    }
    case 'creditsByDay':
      return perDay(
        summary,
        summary.creditsByDay.map((row) => ({ day: row.day, value: row.credits })),
        labels.credits,
      );
    case 'filesByDay':
      return perDay(
        summary,
        summary.filesByDay.map((row) => ({ day: row.day, value: row.files })),
        labels.files,
      );
    case 'topRobots':
      return {
        empty: summary.topRobots.length === 0,
        spec: {
          type: 'interval',
          data: summary.topRobots.map((robot) => ({ robot: name(robot.processId), answers: robot.answers })),
          encode: { x: 'robot', y: 'answers' },
          coordinate: { transform: [{ type: 'transpose' }] },
          axis: { x: { title: false }, y: { title: labels.answers } },
          labels: [{ text: 'answers', position: 'right' }],
        },
      };
    case 'feedback':
      return ring([
        { part: labels.likes, value: summary.feedback.likes },
        { part: labels.dislikes, value: summary.feedback.dislikes },
      ]);
    case 'unanswered':
      return ring([
        { part: labels.answered, value: summary.answers.total - summary.answers.fallbacks },
        { part: labels.unanswered, value: summary.answers.fallbacks },
      ]);
    case 'sessionsByShare':
      return {
        empty: summary.sessionsByShare.length === 0,
        spec: {
          type: 'interval',
          data: summary.sessionsByShare.map((share) => ({
            // One robot may have several links: the link's start tells them apart.
            link: `${name(share.processId)} · ${share.shareId.slice(0, 6)}`,
            sessions: share.sessions,
          })),
          encode: { x: 'link', y: 'sessions' },
          coordinate: { transform: [{ type: 'transpose' }] },
          axis: { x: { title: false }, y: { title: labels.sessions } },
          labels: [{ text: 'sessions', position: 'right' }],
        },
      };
  }
}
