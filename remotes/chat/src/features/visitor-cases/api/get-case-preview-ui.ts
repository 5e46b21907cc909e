import { GetCasePreviewUi, request, type CasePreviewUi } from '@flotilla/shared';

/** Whether the share shows its robot's case form, and its fields (public). Silent: without it the entry stays hidden. */
export function getCasePreviewUi(shareId: string): Promise<CasePreviewUi> {
  return request(GetCasePreviewUi, { query: { shareId }, silent: true });
}
