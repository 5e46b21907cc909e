/** /case/comparison: robot comparisons and the side-by-side view. */
export function ComparisonPage() {
  return null;
}
