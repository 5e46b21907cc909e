import {
  CreateCaseTeam,
  SetCaseTeamProcesses,
  UpdateCaseTeam,
  request,
  type CaseTeam,
  type CaseTeamBody,
} from '@flotilla/shared';

/** What the team editor sends: the team (new when `teamId` is null) and the robots it receives. */
export type TeamDraft = { teamId: string | null; team: CaseTeamBody; processIds: string[] };

/** Creates or updates the team, then sets its robots. */
export async function saveTeam({ teamId, team, processIds }: TeamDraft): Promise<CaseTeam> {
  const saved = teamId
    ? await request(UpdateCaseTeam, { params: { teamId }, body: team })
    : await request(CreateCaseTeam, { body: team });
  await request(SetCaseTeamProcesses, { body: { teamId: saved.id, processIds } });
  return saved;
}
