import { ListCaseTeams, request, type CaseTeam } from '@flotilla/shared';

/** How many teams the team filter offers (the server's largest page). */
export const TEAM_OPTIONS_LIMIT = 200;

/** The teams the caller may see (an agent, its own), for the team filter. */
export async function listTeamOptions(): Promise<Pick<CaseTeam, 'id' | 'name'>[]> {
  const { list } = await request(ListCaseTeams, { query: { offset: 0, limit: TEAM_OPTIONS_LIMIT } });
  return list.map(({ id, name }) => ({ id, name }));
}
