import { GetShareInfo, request, type ShareInfo } from '@flotilla/shared';

/**
 * What a share page shows (public). A disabled or unknown share answers 404. Silent: the chat page shows
 * its own message, inside the console too.
 */
export function getShareInfo(shareId: string): Promise<ShareInfo> {
  return request(GetShareInfo, { query: { shareId }, silent: true });
}
