import type { ShareInfo } from '@flotilla/shared';
import { refuse } from '@flotilla/shared/test';

/** A share as the share page's info call answers it. */
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

/** The answer of a share that is unknown, disabled or expired. */
export const SHARE_NOT_FOUND = refuse(404, 'SHARE_NOT_FOUND', 'Share not found');
