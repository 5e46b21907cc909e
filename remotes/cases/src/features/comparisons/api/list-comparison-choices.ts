import { ListCaseFiles, ListRobots, request } from '@flotilla/shared';

/** How many robots and files the pickers offer (the server's largest page). */
export const CHOICES_LIMIT = 200;

/** A choice of a picker: an id and what the user reads. */
export type Choice = { id: string; name: string };

/** The tenant's robots a comparison may run, newest first. */
export async function listRobotChoices(): Promise<Choice[]> {
  const { list } = await request(ListRobots, { query: { offset: 0, limit: CHOICES_LIMIT } });
  return list.map(({ processId, name }) => ({ id: processId, name }));
}

/** The tenant's uploaded question sets (case files of questions), newest first. */
export async function listQuestionFiles(): Promise<Choice[]> {
  const { list } = await request(ListCaseFiles, { query: { offset: 0, limit: CHOICES_LIMIT } });
  return list.filter((file) => file.kind === 'questions').map(({ id, name }) => ({ id, name }));
}
