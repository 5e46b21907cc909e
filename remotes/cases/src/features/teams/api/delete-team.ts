import { DeleteCaseTeam, request, type CaseTeam } from '@flotilla/shared';

/** Deletes a team; its cases stay, without a team. */
export function deleteTeam(team: CaseTeam): Promise<unknown> {
  return request(DeleteCaseTeam, { params: { teamId: team.id } });
}
