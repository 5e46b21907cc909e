import type { ShareInfo } from '@flotilla/shared';

/** A share as `GET /v1/share/info` returns it. */
export function makeShare(patch: Partial<ShareInfo> = {}): ShareInfo {
  return {
    shareId: 'abc123',
    processId: 'p1',
    name: 'After-sales helper',
    icon: '',
    welcome: 'Hello! Ask me about orders, returns and invoices.',
    suggestedQuestions: ['How do I return an item?', 'Where is my order?'],
    themeColor: '#0E8A6D',
    ...patch,
  };
}

export const SHARE_NOT_FOUND = { status: 404, body: { code: 'SHARE_NOT_FOUND', message: 'Share not found' } };
