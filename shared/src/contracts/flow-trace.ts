import { Type, type Static } from '@sinclair/typebox';

export const TRACE_STATUSES = ['ok', 'error', 'skipped'] as const;
export type TraceStatus = (typeof TRACE_STATUSES)[number];
/** What one node did in a run: its input and output (long texts cut), how long it took, its error. */
export const TraceStepSchema = Type.Object({
  nodeId: Type.String(),
  type: Type.String(),
  status: Type.Union(TRACE_STATUSES.map((s) => Type.Literal(s))),
  input: Type.Unknown(),
  output: Type.Unknown(),
  ms: Type.Number({ minimum: 0 }),
  error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() })),
});
export type TraceStep = Static<typeof TraceStepSchema>;
