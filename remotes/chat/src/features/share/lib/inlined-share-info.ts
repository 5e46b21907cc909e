import { SHARE_INFO_ELEMENT_ID, type ShareInfo } from '@flotilla/shared';

/**
 * The share's info the server inlined into the public page (a JSON data block, the answer of
 * `GET /v1/share/info`), so the chat draws without asking for it; null when the page has none
 * (an unknown share, or the page served by the dev server) or it cannot be read.
 */
export function inlinedShareInfo(doc: Document = document): ShareInfo | null {
  const text = doc.getElementById(SHARE_INFO_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const info = JSON.parse(text) as Partial<ShareInfo> | null;
    return typeof info?.shareId === 'string' && typeof info.name === 'string' ? (info as ShareInfo) : null;
  } catch {
    return null;
  }
}
