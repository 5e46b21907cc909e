/** A notice the shell shows (rendered by Semi, which loads lazily; see semi-notices.tsx). */
export type Notice = {
  type: 'info' | 'success' | 'warning' | 'error';
  /** Catalog id of the title. */
  titleId: string;
  /** Text shown under the title (usually the server's message). */
  content?: string;
  /** Catalog id of the content, used when `content` is absent. */
  contentId?: string;
  /** Same id replaces the notice in place (the menu's loading → success/error). */
  id?: string;
};

/** Notices last 5000 ms at the bottom; dialogs, drawers and the side menu move in 300 ms. */
export const NOTICE_CONFIG = { durationMs: 5000, position: 'bottom', transitionMs: 300 } as const;
