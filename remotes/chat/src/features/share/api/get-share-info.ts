import { http, type ShareInfo } from '@flotilla/shared';

/**
 * `GET /v1/share/info?shareId=` (public): what a share page shows. A disabled or unknown share
 * answers 404. Silent: the chat page shows its own message, inside the console too.
 */
export function getShareInfo(shareId: string): Promise<ShareInfo> {
  return http.get<ShareInfo>('/v1/share/info', { query: { shareId }, silent: true });
}
