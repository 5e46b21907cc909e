import { describe, expect, it } from 'vitest';
import type { DashboardSummaryResponse } from '@flotilla/shared';
import { chartSpec, CHART_KINDS, type ChartLabels } from '../lib/chart-specs';
import { daysOf, lastDays, viewerUtcOffset } from '../lib/day-range';

const LABELS: ChartLabels = {
  answers: 'Answers',
  credits: 'Credits',
  likes: 'Likes',
  dislikes: 'Dislikes',
  answered: 'Answered',
  unanswered: 'Fallback',
  sessions: 'Sessions',
  files: 'Files',
  otherRobots: 'Others',
  deletedRobot: 'Deleted',
};

const EMPTY: DashboardSummaryResponse = {
  from: '2030-01-10',
  to: '2030-01-12',
  utcOffset: 480,
  robots: [],
  answersByDay: [],
  creditsByDay: [],
  topRobots: [],
  feedback: { likes: 0, dislikes: 0 },
  answers: { total: 0, fallbacks: 0 },
  sessionsByShare: [],
  filesByDay: [],
};

const SUMMARY: DashboardSummaryResponse = {
  ...EMPTY,
  robots: [
    { processId: 'r1', name: 'Sales' },
    { processId: 'r2', name: 'Support' },
  ],
  answersByDay: [
    { day: '2030-01-10', processId: 'r1', answers: 2 },
    { day: '2030-01-12', processId: 'r2', answers: 5 },
  ],
  creditsByDay: [{ day: '2030-01-11', credits: 6 }],
  topRobots: [
    { processId: 'r2', answers: 5 },
    { processId: 'r1', answers: 2 },
  ],
  feedback: { likes: 3, dislikes: 1 },
  answers: { total: 7, fallbacks: 2 },
  sessionsByShare: [{ shareId: 'abcdef123456', processId: 'r1', sessions: 4 }],
  filesByDay: [],
};

describe('chart specs', () => {
  it('marks every chart empty when the range holds nothing', () => {
    expect(CHART_KINDS.map((kind) => chartSpec(kind, EMPTY, LABELS).empty)).toEqual(CHART_KINDS.map(() => true));
  });

  it('draws answers per day as one line per robot, every day of the range at 0 when nothing', () => {
    const { spec, empty } = chartSpec('answersByDay', SUMMARY, LABELS);
    expect(empty).toBe(false);
    expect(spec.data).toEqual([
      { day: '2030-01-10', robot: 'Support', answers: 0 },
      { day: '2030-01-10', robot: 'Sales', answers: 2 },
      { day: '2030-01-11', robot: 'Support', answers: 0 },
      { day: '2030-01-11', robot: 'Sales', answers: 0 },
      { day: '2030-01-12', robot: 'Support', answers: 5 },
      { day: '2030-01-12', robot: 'Sales', answers: 0 },
    ]);
    expect(spec).toMatchObject({ type: 'line', encode: { x: 'day', y: 'answers', color: 'robot' } });
  });

  it('sums the robots beyond the top five into one line', () => {
    const robots = Array.from({ length: 7 }, (_, i) => `r${i}`);
    const summary: DashboardSummaryResponse = {
      ...EMPTY,
      to: '2030-01-10',
      robots: robots.map((processId) => ({ processId, name: processId.toUpperCase() })),
      topRobots: robots.map((processId, i) => ({ processId, answers: 10 - i })),
      answersByDay: robots.map((processId, i) => ({ day: '2030-01-10', processId, answers: 10 - i })),
    };
    const data = chartSpec('answersByDay', summary, LABELS).spec.data as Array<{ robot: string; answers: number }>;
    expect(data.map((point) => point.robot)).toEqual(['R0', 'R1', 'R2', 'R3', 'R4', 'Others']);
    // r5 and r6 answered 5 and 4.
    expect(data.at(-1)?.answers).toBe(9);
  });

  it('draws credits per day as bars over every day, the ratios as rings', () => {
    expect(chartSpec('creditsByDay', SUMMARY, LABELS).spec.data).toEqual([
      { day: '2030-01-10', value: 0 },
      { day: '2030-01-11', value: 6 },
      { day: '2030-01-12', value: 0 },
    ]);
    expect(chartSpec('feedback', SUMMARY, LABELS).spec.data).toEqual([
      { part: 'Likes', value: 3 },
      { part: 'Dislikes', value: 1 },
    ]);
    expect(chartSpec('unanswered', SUMMARY, LABELS).spec.data).toEqual([
      { part: 'Answered', value: 5 },
      { part: 'Fallback', value: 2 },
    ]);
    const unanswered = chartSpec('unanswered', SUMMARY, LABELS).spec;
    expect(unanswered).toMatchObject({ coordinate: { type: 'theta' } });
    const [label] = (unanswered as { labels: Array<{ text: (d: { value: number }) => string }> }).labels;
    // 2 of 7 answers.
    expect(label!.text({ value: 2 })).toBe('2 (29%)');
  });

  it('names robots, links and deleted robots', () => {
    expect(chartSpec('topRobots', SUMMARY, LABELS).spec.data).toEqual([
      { robot: 'Support', answers: 5 },
      { robot: 'Sales', answers: 2 },
    ]);
    expect(chartSpec('sessionsByShare', SUMMARY, LABELS).spec.data).toEqual([{ link: 'Sales · abcdef', sessions: 4 }]);
    const gone = { ...SUMMARY, robots: [] };
    expect(chartSpec('topRobots', gone, LABELS).spec.data).toEqual([
      { robot: 'Deleted', answers: 5 },
      { robot: 'Deleted', answers: 2 },
    ]);
  });
});

describe('day ranges', () => {
  it("counts the last days up to today's, in the viewer's calendar", () => {
    expect(lastDays(7, new Date(2030, 0, 3, 15))).toEqual({ from: '2029-12-28', to: '2030-01-03' });
    expect(daysOf({ from: '2028-02-27', to: '2028-03-01' })).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
  });

  it('gives the offset east of UTC, as the server takes it', () => {
    const at = (minutesBehind: number) => viewerUtcOffset({ getTimezoneOffset: () => minutesBehind } as Date);
    // Shanghai, Kathmandu, New York.
    expect([at(-480), at(-345), at(300)]).toEqual([480, 345, -300]);
  });
});
