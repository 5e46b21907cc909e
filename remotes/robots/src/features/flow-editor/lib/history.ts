import type { FlowGraph } from '@flotilla/shared';

/** How many snapshots undo keeps: enough for a session's edits, bounded for a 500-node flow. */
export const HISTORY_LIMIT = 100;

/**
 * The graph being edited with its undo and redo stacks. `lastKey` names the last edit, so a run of
 * edits of one thing (typing in one field) takes one undo step; `structure` counts edits that can
 * change the flow's validity (a move only changes positions, which never does).
 */
export type EditorDoc = {
  graph: FlowGraph;
  past: FlowGraph[];
  future: FlowGraph[];
  lastKey: string | null;
  structure: number;
};

/** A document holding `graph` with no history. */
export function openDoc(graph: FlowGraph, structure = 0): EditorDoc {
  return { graph, past: [], future: [], lastKey: null, structure: structure + 1 };
}

/** What one edit does: the next graph, whether it may change validity, and its coalescing key. */
export type EditOptions = { structural?: boolean; key?: string; record?: boolean };

/**
 * The document after replacing its graph. The previous graph goes on the undo stack unless the edit
 * continues the last one (same `key`) or says not to record (a drag frame, recorded at its start).
 */
export function applyEdit(doc: EditorDoc, graph: FlowGraph, options: EditOptions = {}): EditorDoc {
  if (graph === doc.graph) return doc;
  const { structural = true, key, record = true } = options;
  const continues = key !== undefined && key === doc.lastKey;
  const past = record && !continues ? [...doc.past, doc.graph].slice(-HISTORY_LIMIT) : doc.past;
  return {
    graph,
    past,
    future: record ? [] : doc.future,
    lastKey: record ? (key ?? null) : doc.lastKey,
    structure: structural ? doc.structure + 1 : doc.structure,
  };
}

/** Puts the current graph on the undo stack (a drag starts: its frames are not recorded one by one). */
export function checkpoint(doc: EditorDoc): EditorDoc {
  return { ...doc, past: [...doc.past, doc.graph].slice(-HISTORY_LIMIT), future: [], lastKey: null };
}

/** The document one step back, or itself when there is nothing to undo. */
export function undo(doc: EditorDoc): EditorDoc {
  const previous = doc.past[doc.past.length - 1];
  if (!previous) return doc;
  return {
    graph: previous,
    past: doc.past.slice(0, -1),
    future: [doc.graph, ...doc.future].slice(0, HISTORY_LIMIT),
    lastKey: null,
    structure: doc.structure + 1,
  };
}

/** The document one step forward again, or itself when nothing was undone. */
export function redo(doc: EditorDoc): EditorDoc {
  const next = doc.future[0];
  if (!next) return doc;
  return {
    graph: next,
    past: [...doc.past, doc.graph].slice(-HISTORY_LIMIT),
    future: doc.future.slice(1),
    lastKey: null,
    structure: doc.structure + 1,
  };
}
