/** /case/reports: every report. */
export function ReportsPage() {
  return null;
}
