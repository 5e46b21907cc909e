import { ListCaseTeams, request, type CaseTeamListResponse, type ListCaseTeamsQuery } from '@flotilla/shared';

/** One page of the teams the caller may see, searched by name on the server. */
export function listTeams(query: ListCaseTeamsQuery): Promise<CaseTeamListResponse> {
  return request(ListCaseTeams, { query });
}
