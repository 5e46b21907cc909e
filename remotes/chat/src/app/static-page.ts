import type { Draft } from '../features/ask/ui/composer';

/**
 * What the visitor typed into the page's static message box (the markup of index.html, drawn before
 * the app's script ran), with its focus and caret, so the app's composer takes over from there; null
 * when the page came without that box (the dev server's page is the same, so that is rare).
 */
export function draftOfStaticPage(root: HTMLElement): Draft | null {
  const box = root.querySelector<HTMLTextAreaElement>('[data-static-chat] textarea');
  if (!box) return null;
  return {
    text: box.value,
    focused: box.ownerDocument.activeElement === box,
    selection: [box.selectionStart, box.selectionEnd],
  };
}
