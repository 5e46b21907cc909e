import {
  GetDashboardSummary,
  request,
  type DashboardSummaryQuery,
  type DashboardSummaryResponse,
} from '@flotilla/shared';

/** Every chart of the dashboard over a range of the viewer's days. */
export function getDashboardSummary(query: DashboardSummaryQuery): Promise<DashboardSummaryResponse> {
  return request(GetDashboardSummary, { query });
}
