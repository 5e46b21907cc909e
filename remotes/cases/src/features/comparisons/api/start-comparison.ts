import { request, StartComparison, type ComparisonId, type StartComparisonBody } from '@flotilla/shared';

/** Queues a comparison; answers its id. */
export function startComparison(body: StartComparisonBody): Promise<ComparisonId> {
  return request(StartComparison, { body });
}
