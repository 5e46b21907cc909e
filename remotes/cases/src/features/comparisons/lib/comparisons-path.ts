/** Where the comparisons list lives. */
export const COMPARISONS_PATH = '/case/comparison';

/** One comparison: `?id=` on the comparisons page. */
export function comparisonPath(comparisonId: string): string {
  return `${COMPARISONS_PATH}?id=${encodeURIComponent(comparisonId)}`;
}
