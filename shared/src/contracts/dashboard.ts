import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from './common';
import { endpoint } from './endpoint';

/** The longest range the dashboard sums, in days (a year, leap day included). */
export const DASHBOARD_MAX_DAYS = 366;
/** How many robots the "top robots" chart lists. */
export const DASHBOARD_TOP_ROBOTS = 10;

/** A day of the viewer's calendar, `YYYY-MM-DD`. */
export const DayStringSchema = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', maxLength: 10 });

/**
 * `GET /v1/dashboard/summary`: `from` and `to` are days of the viewer's calendar, both included, at most
 * DASHBOARD_MAX_DAYS apart; `utcOffset` is the viewer's offset from UTC in minutes east (UTC+08:00 is 480),
 * a multiple of 15, so that "per day" means the viewer's day; `processId` limits every chart to one robot.
 */
export const DashboardSummaryQuerySchema = Type.Object({
  from: DayStringSchema,
  to: DayStringSchema,
  utcOffset: Type.Integer({ minimum: -720, maximum: 840, multipleOf: 15, default: 0 }),
  processId: Type.Optional(IdSchema),
});
export type DashboardSummaryQuery = Static<typeof DashboardSummaryQuerySchema>;

const CountSchema = Type.Integer({ minimum: 0 });

/** A robot's answers on one day. */
export const RobotDayCountSchema = Type.Object({ day: DayStringSchema, processId: IdSchema, answers: CountSchema });
export type RobotDayCount = Static<typeof RobotDayCountSchema>;

/** A robot named in the charts. */
export const DashboardRobotSchema = Type.Object({ processId: IdSchema, name: Type.String() });
export type DashboardRobot = Static<typeof DashboardRobotSchema>;

/** The dashboard's charts over a range; days with nothing are left out of the per-day lists. */
export const DashboardSummaryResponseSchema = Type.Object({
  from: DayStringSchema,
  to: DayStringSchema,
  utcOffset: Type.Integer(),
  /** The robots the lists below name, with their names. */
  robots: Type.Array(DashboardRobotSchema),
  /** Answers per day and robot. */
  answersByDay: Type.Array(RobotDayCountSchema),
  /** Credits the answers cost per day: their debits less their refunds. */
  creditsByDay: Type.Array(Type.Object({ day: DayStringSchema, credits: Type.Integer() })),
  /** The robots with most answers, most first (at most DASHBOARD_TOP_ROBOTS). */
  topRobots: Type.Array(Type.Object({ processId: IdSchema, answers: CountSchema })),
  /** Likes and dislikes the range's answers received. */
  feedback: Type.Object({ likes: CountSchema, dislikes: CountSchema }),
  /** All answers and those that were the robot's fallback reply (unanswered). */
  answers: Type.Object({ total: CountSchema, fallbacks: CountSchema }),
  /** Sessions started through each share link, most first. */
  sessionsByShare: Type.Array(Type.Object({ shareId: IdSchema, processId: IdSchema, sessions: CountSchema })),
  /** Knowledge files added per day and parsed. */
  filesByDay: Type.Array(Type.Object({ day: DayStringSchema, files: CountSchema })),
});
export type DashboardSummaryResponse = Static<typeof DashboardSummaryResponseSchema>;

/** Every chart of the dashboard in one call, tenant-scoped (admins and operators). */
export const GetDashboardSummary = endpoint({
  method: 'GET',
  path: '/v1/dashboard/summary',
  query: DashboardSummaryQuerySchema,
  response: DashboardSummaryResponseSchema,
});
