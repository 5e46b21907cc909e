import { CASE_TEAM_EXPORT_FILE, ExportCaseTeam, request, saveFile } from '@flotilla/shared';

/** Downloads the team's cases as an xlsx file. */
export async function exportTeam(teamId: string): Promise<void> {
  const blob = await request(ExportCaseTeam, { query: { teamId } });
  saveFile(blob, CASE_TEAM_EXPORT_FILE);
}
