import { request, RestartComparison, type ComparisonId } from '@flotilla/shared';

/** Runs a comparison again (a failed one goes on, a done one starts over). */
export function restartComparison(id: string): Promise<ComparisonId> {
  return request(RestartComparison, { body: { id } });
}
