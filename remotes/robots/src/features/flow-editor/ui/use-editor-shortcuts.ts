import { useEffect } from 'react';

/** What the editor's keys do. */
export type EditorShortcuts = {
  save: () => void;
  undo: () => void;
  redo: () => void;
  copy: () => void;
  paste: () => void;
  selectAll: () => void;
  remove: () => void;
};

/** Whether a key press belongs to a text field (typing there keeps its own undo, copy and delete). */
function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The operation a key press asks for, or null (pure, for tests). */
export function shortcutOf(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey'>,
  typing: boolean,
): keyof EditorShortcuts | null {
  const key = event.key.toLowerCase();
  const command = event.ctrlKey || event.metaKey;
  if (command && key === 's') return 'save';
  if (typing) return null;
  if (command && key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (command && key === 'y') return 'redo';
  if (command && key === 'c') return 'copy';
  if (command && key === 'v') return 'paste';
  if (command && key === 'a') return 'selectAll';
  if (!command && (key === 'delete' || key === 'backspace')) return 'remove';
  return null;
}

/**
 * The editor's keys on the whole page: Ctrl/Cmd+S saves (also while typing), Ctrl/Cmd+Z undoes,
 * Shift+Z or Y redoes, C/V copy and paste nodes, A selects all, Delete/Backspace delete the selection.
 * Keys inside a dialog are left to the dialog.
 */
export function useEditorShortcuts(shortcuts: EditorShortcuts, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLElement && event.target.closest('[role="dialog"]')) return;
      const action = shortcutOf(event, inTextField(event.target));
      if (!action) return;
      event.preventDefault();
      shortcuts[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shortcuts, enabled]);
}
