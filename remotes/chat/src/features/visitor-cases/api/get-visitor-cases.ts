import { GetCaseShareInfo, request, type VisitorCase } from '@flotilla/shared';

/** The cases the visitor's conversations through this share opened, newest first (public). Silent: the panel says it failed. */
export async function getVisitorCases({
  shareId,
  visitorId,
}: {
  shareId: string;
  visitorId: string;
}): Promise<VisitorCase[]> {
  const { list } = await request(GetCaseShareInfo, { query: { shareId, visitorId }, silent: true });
  return list;
}
