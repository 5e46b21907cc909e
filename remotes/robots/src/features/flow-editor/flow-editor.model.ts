import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import {
  HttpError,
  toFailure,
  type Database,
  type Dataset,
  type DebugFlowResponse,
  type Failure,
  type Flow,
  type FlowGraph,
  type FlowNode,
  type FlowNodeType,
  type FlowVersionEntry,
  type ModelOption,
  type Robot,
  type TraceStatus,
  type TraceStep,
} from '@flotilla/shared';
import { compileV1, newV3Flow, validateFlow } from '@flotilla/shared/flows';
import { showSuccessFx } from '@flotilla/shared/ui';
import type { EdgeChange, NodeChange } from 'reactflow';
import { debugFlow } from './api/debug-flow';
import { getFlow } from './api/get-flow';
import { getRobot } from './api/get-robot';
import { listDatabases, listDatasets, listModels } from '../../lib/robot-sources';
import { listFlowVersions } from './api/list-flow-versions';
import { publishFlow } from './api/publish-flow';
import { restoreFlowVersion } from './api/restore-flow-version';
import { saveFlow } from './api/save-flow';
import { applySelection, readEdgeSelection, readNodeChanges } from './lib/canvas-mapping';
import { copySelection, paste } from './lib/clipboard';
import {
  addNode,
  connect,
  moveNodes,
  removeElements,
  sameGraph,
  updateNodeData,
  type Connection,
} from './lib/graph-edit';
import { applyEdit, checkpoint, openDoc, redo, undo, type EditorDoc } from './lib/history';
import { issuesFromCheck, issuesFromDetail, mergeIssues, NO_ISSUES, type IssueMap } from './lib/issues';
import { autoLayout } from './lib/layout';

/** Where the editor stands: loading the robot and its flow, editing, or unable to. */
export type FlowEditorStatus = 'loading' | 'ready' | 'error' | 'notFound';

type Size = { width: number; height: number };
type Loaded = { robot: Robot; flow: Flow | null };

// ——— Facts ———

/** The editor was opened for a robot id. */
export const flowEditorOpened = createEvent<string>();
/** The user asked to load again after a failure. */
export const flowEditorRetryClicked = createEvent();
/** A palette item was dropped on the canvas (at a flow position) or clicked (the default place). */
export const nodeAdded = createEvent<{ type: FlowNodeType; position?: { x: number; y: number } }>();
/** The canvas reported node changes (moves, sizes, selection). */
export const nodesChanged = createEvent<NodeChange[]>();
/** The canvas reported edge changes (selection). */
export const edgesChanged = createEvent<EdgeChange[]>();
/** The user started dragging nodes (one undo step for the whole drag). */
export const nodeDragStarted = createEvent();
/** The user connected two handles. */
export const handlesConnected = createEvent<Connection>();
/** The user asked to delete what is selected. */
export const deleteClicked = createEvent();
/** The user copied the selected nodes. */
export const copyClicked = createEvent();
/** The user pasted what was copied. */
export const pasteClicked = createEvent();
export const undoClicked = createEvent();
export const redoClicked = createEvent();
/** The user selected every node. */
export const selectAllClicked = createEvent();
/** The user asked to lay the flow out top to bottom. */
export const layoutClicked = createEvent();
/** A side panel changed a node's data; edits with the same `key` in a row take one undo step. */
export const nodeDataChanged = createEvent<{ id: string; data: FlowNode['data']; key: string }>();
/** The user asked to save the draft. */
export const saveClicked = createEvent();
/** The user confirmed publishing (the draft is saved first when it changed). */
export const publishConfirmed = createEvent();
/** The versions sheet was opened. */
export const versionsOpened = createEvent();
/** The user confirmed making a published version the draft again. */
export const versionRestoreConfirmed = createEvent<string>();
/** The user confirmed replacing the canvas with an imported flow. */
export const flowImported = createEvent<FlowGraph>();
/** The user asked the draft a question in the debug panel. */
export const debugAsked = createEvent<string>();
/** The user started a new debug conversation. */
export const debugResetClicked = createEvent();

// ——— Effects ———

export const loadEditorFx = createEffect(async (processId: string): Promise<Loaded> => {
  const robot = await getRobot(processId);
  try {
    return { robot, flow: await getFlow(processId) };
  } catch (error) {
    // A simple robot has no flow yet: the editor starts one, which the first save creates.
    if (error instanceof HttpError && error.status === 404) return { robot, flow: null };
    throw error;
  }
});
export const saveFx = createEffect(saveFlow);
export const publishFx = createEffect(
  async ({ processId, graph, dirty }: { processId: string; graph: FlowGraph; dirty: boolean }) => {
    if (dirty) await saveFlow({ processId, graph });
    return publishFlow(processId);
  },
);
export const listVersionsFx = createEffect(listFlowVersions);
export const restoreFx = createEffect(restoreFlowVersion);
export const debugFx = createEffect(
  async ({
    processId,
    graph,
    dirty,
    question,
    sessionId,
  }: {
    processId: string;
    graph: FlowGraph;
    dirty: boolean;
    question: string;
    sessionId: string | null;
  }): Promise<DebugFlowResponse> => {
    // The server runs its draft: what is on the canvas is saved first.
    if (dirty) await saveFlow({ processId, graph });
    return debugFlow({ processId, body: { question, ...(sessionId ? { sessionId } : {}) } });
  },
);
export const loadModelsFx = createEffect(listModels);
export const loadDatasetsFx = createEffect(listDatasets);
export const loadDatabasesFx = createEffect(listDatabases);

// ——— Stores ———

export const $processId = createStore<string | null>(null, { skipVoid: false }).on(flowEditorOpened, (_, id) => id);
export const $robot = createStore<Robot | null>(null, { skipVoid: false })
  .reset(flowEditorOpened)
  .on(loadEditorFx.doneData, (_, { robot }) => robot);
export const $status = createStore<FlowEditorStatus>('loading')
  .on(loadEditorFx, () => 'loading')
  .on(loadEditorFx.done, () => 'ready')
  .on(loadEditorFx.failData, (_, error) => (toFailure(error).status === 404 ? 'notFound' : 'error'));
export const $loadFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(loadEditorFx.failData, (_, error) => toFailure(error))
  .reset(loadEditorFx);

/** The graph on the canvas with its undo and redo stacks. */
export const $doc = createStore<EditorDoc>(openDoc({ nodes: [], edges: [] }));
export const $graph = $doc.map((doc) => doc.graph);
export const $canUndo = $doc.map((doc) => doc.past.length > 0);
export const $canRedo = $doc.map((doc) => doc.future.length > 0);
/** The draft as the server holds it (null when the robot has no v3 draft yet: the first save makes it). */
export const $savedGraph = createStore<FlowGraph | null>(null, { skipVoid: false });
/** What visitors get, and since when. */
export const $published = createStore<FlowGraph | null>(null, { skipVoid: false });
export const $publishedAt = createStore<string | null>(null, { skipVoid: false });
/** The robot's flow was a list of steps (v1), shown as the graph it runs as; saving here makes it v3. */
export const $convertedFromV1 = createStore(false);
/** The robot had no flow: the canvas holds a new one until the first save. */
export const $isNewFlow = createStore(false);

export const $selectedNodes = createStore<string[]>([]);
export const $selectedEdges = createStore<string[]>([]);
/** The canvas's measured node sizes (the layout uses them). */
export const $sizes = createStore<Record<string, Size>>({});
export const $clipboard = createStore<FlowGraph | null>(null, { skipVoid: false });
/** Raised when the graph is replaced from outside the panels (undo, import…): panels holding rows of their own start again. */
export const $panelRevision = createStore(0);

/** What the editor's own check finds, updated only when an edit can change it (a move cannot). */
const $checkIssues = createStore<IssueMap>(NO_ISSUES);
/** What the server refused in the last save, until the next edit. */
export const $serverIssues = createStore<IssueMap>(NO_ISSUES);
export const $issues = combine($checkIssues, $serverIssues, mergeIssues);

export const $dirty = combine($graph, $savedGraph, (graph, saved) => !sameGraph(graph, saved));
/** The saved draft differs from what visitors get. */
export const $unpublished = combine($savedGraph, $published, (saved, published) => !sameGraph(saved, published));
export const $saving = saveFx.pending;
export const $publishing = publishFx.pending;
export const $saveFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on([saveFx.failData, publishFx.failData], (_, error) => toFailure(error))
  .reset(flowEditorOpened, saveFx, publishFx, saveFx.done, publishFx.done);

export const $versions = createStore<FlowVersionEntry[]>([])
  .on(listVersionsFx.doneData, (_, page) => page.list)
  .reset(flowEditorOpened);
export const $versionsLoading = listVersionsFx.pending;
export const $restoreFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(restoreFx.failData, (_, error) => toFailure(error))
  .reset(flowEditorOpened, restoreFx, versionsOpened);

export const $models = createStore<ModelOption[]>([]).on(loadModelsFx.doneData, (_, models) => models);
export const $datasets = createStore<Dataset[]>([]).on(loadDatasetsFx.doneData, (_, page) => page.list);
export const $databases = createStore<Database[]>([]).on(loadDatabasesFx.doneData, (_, page) => page.list);

export const $debugAnswer = createStore<string | null>(null, { skipVoid: false })
  .on(debugFx.doneData, (_, { answer }) => answer)
  .reset(flowEditorOpened, debugResetClicked);
export const $trace = createStore<TraceStep[]>([])
  .on(debugFx.doneData, (_, { trace }) => trace)
  .reset(flowEditorOpened, debugResetClicked);
export const $traceStatus = $trace.map((steps) => new Map<string, TraceStatus>(steps.map((s) => [s.nodeId, s.status])));
export const $debugSessionId = createStore<string | null>(null, { skipVoid: false })
  .on(debugFx.doneData, (_, { sessionId }) => sessionId)
  .reset(flowEditorOpened, debugResetClicked);
export const $debugging = debugFx.pending;
export const $debugFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(debugFx.failData, (_, error) => toFailure(error))
  .reset(flowEditorOpened, debugFx, debugResetClicked);

// ——— Loading ———

sample({ clock: flowEditorOpened, target: loadEditorFx });
sample({
  clock: flowEditorRetryClicked,
  source: $processId,
  filter: (id): id is string => id !== null,
  target: loadEditorFx,
});
$selectedNodes.reset(flowEditorOpened, loadEditorFx.done);
$selectedEdges.reset(flowEditorOpened, loadEditorFx.done);
$sizes.reset(flowEditorOpened);
$serverIssues.reset(flowEditorOpened, loadEditorFx.done);

/** The graph the editor starts with: the v3 draft, a v1 flow as the graph it runs as, or a new flow. */
function startingGraph(flow: Flow | null): FlowGraph {
  if (!flow) return newV3Flow();
  return flow.version === 'v1' ? compileV1(flow.draft.nodes) : flow.draft;
}

sample({
  clock: loadEditorFx.doneData,
  source: $doc,
  fn: (doc, { flow }) => openDoc(startingGraph(flow), doc.structure),
  target: $doc,
});
$savedGraph
  .on(loadEditorFx.doneData, (_, { flow }) => (flow?.version === 'v3' ? flow.draft : null))
  .reset(flowEditorOpened);
$published.on(loadEditorFx.doneData, (_, { flow }) => flow?.published ?? null).reset(flowEditorOpened);
$publishedAt.on(loadEditorFx.doneData, (_, { flow }) => flow?.publishedAt ?? null).reset(flowEditorOpened);
$convertedFromV1.on(loadEditorFx.doneData, (_, { flow }) => flow?.version === 'v1').reset(flowEditorOpened);
$isNewFlow.on(loadEditorFx.doneData, (_, { flow }) => flow === null).reset(flowEditorOpened);

sample({ clock: loadEditorFx.doneData, fn: ({ robot }) => robot.adminId, target: loadModelsFx });
sample({ clock: loadEditorFx.done, target: [loadDatasetsFx, loadDatabasesFx] });

// ——— Editing ———

const added = sample({
  clock: nodeAdded,
  source: $doc,
  fn: (doc, { type, position }) => ({ doc, ...addNode(doc.graph, type, position) }),
});
sample({ clock: added, fn: ({ doc, graph }) => applyEdit(doc, graph), target: $doc });
// The node just added is the one selected: its panel opens.
sample({ clock: added, fn: ({ id }) => [id], target: $selectedNodes });

const nodeChanges = sample({ clock: nodesChanged, fn: readNodeChanges });
sample({
  clock: nodeChanges,
  source: $doc,
  filter: (_, { moves }) => moves.size > 0,
  fn: (doc, { moves }) => applyEdit(doc, moveNodes(doc.graph, moves), { structural: false, record: false }),
  target: $doc,
});
$sizes.on(nodeChanges, (sizes, changes) =>
  Object.keys(changes.sizes).length > 0 ? { ...sizes, ...changes.sizes } : sizes,
);
$selectedNodes.on(nodeChanges, (selected, { selection }) => applySelection(selected, selection));
$selectedEdges.on(edgesChanged, (selected, changes) => applySelection(selected, readEdgeSelection(changes)));
$doc.on(nodeDragStarted, checkpoint);

$doc.on(handlesConnected, (doc, connection) => applyEdit(doc, connect(doc.graph, connection)));
// The selection is cleared once the deletion has read it (a reset on the click itself would come first).
const deleted = sample({
  clock: deleteClicked,
  source: { doc: $doc, nodes: $selectedNodes, edges: $selectedEdges },
  fn: ({ doc, nodes, edges }) => {
    const starts = new Set(doc.graph.nodes.filter((node) => node.type === 'start').map((node) => node.id));
    const removable = nodes.filter((id) => !starts.has(id));
    return applyEdit(doc, removeElements(doc.graph, removable, edges));
  },
});
sample({ clock: deleted, target: $doc });
$selectedNodes.reset(deleted, undoClicked, redoClicked, flowImported);
$selectedEdges.reset(deleted, undoClicked, redoClicked, flowImported, nodeAdded);

sample({
  clock: copyClicked,
  source: { graph: $graph, nodes: $selectedNodes },
  filter: ({ graph, nodes }) => copySelection(graph, nodes) !== null,
  fn: ({ graph, nodes }) => copySelection(graph, nodes),
  target: $clipboard,
});
const pasted = sample({
  clock: pasteClicked,
  source: { doc: $doc, clip: $clipboard },
  filter: (state): state is { doc: EditorDoc; clip: FlowGraph } => state.clip !== null,
  fn: ({ doc, clip }) => ({ doc, ...paste(doc.graph, clip as FlowGraph) }),
});
sample({ clock: pasted, fn: ({ doc, graph }) => applyEdit(doc, graph), target: $doc });
sample({ clock: pasted, fn: ({ ids }) => ids, target: $selectedNodes });

$doc.on(undoClicked, undo).on(redoClicked, redo);
sample({
  clock: selectAllClicked,
  source: $graph,
  fn: (graph) => graph.nodes.map((node) => node.id),
  target: $selectedNodes,
});
sample({
  clock: layoutClicked,
  source: { doc: $doc, sizes: $sizes },
  fn: ({ doc, sizes }) => applyEdit(doc, autoLayout(doc.graph, sizes), { structural: false }),
  target: $doc,
});
$doc.on(nodeDataChanged, (doc, { id, data, key }) => applyEdit(doc, updateNodeData(doc.graph, id, data), { key }));
$doc.on(flowImported, (doc, graph) => applyEdit(doc, graph));
$panelRevision.on([undoClicked, redoClicked, flowImported, loadEditorFx.done, restoreFx.done], (n) => n + 1);

// ——— Checking ———

const $structure = $doc.map((doc) => doc.structure);
sample({
  clock: $structure,
  source: $graph,
  fn: (graph) => {
    const check = validateFlow('v3', graph);
    return check.ok ? NO_ISSUES : issuesFromCheck(check.issues);
  },
  target: $checkIssues,
});
// An edit may have fixed what the server refused: its issues go until the next save says otherwise.
sample({ clock: $structure, fn: () => NO_ISSUES, target: $serverIssues });

// ——— Saving and publishing ———

const $target = combine({ processId: $processId, graph: $graph, dirty: $dirty });
type Target = { processId: string; graph: FlowGraph; dirty: boolean };
const ready = (state: { processId: string | null }): state is Target => state.processId !== null;

sample({
  clock: saveClicked,
  source: { target: $target, busy: combine(saveFx.pending, publishFx.pending, (a, b) => a || b) },
  filter: ({ target, busy }) => ready(target) && target.dirty && !busy,
  fn: ({ target }) => ({ processId: target.processId as string, graph: target.graph }),
  target: saveFx,
});
$savedGraph
  .on(saveFx.done, (_, { params }) => params.graph)
  .on(publishFx.done, (_, { params }) => params.graph)
  .on(debugFx.done, (saved, { params }) => (params.dirty ? params.graph : saved));
$convertedFromV1.reset(saveFx.done, publishFx.done);
$isNewFlow.reset(saveFx.done, publishFx.done);
$serverIssues.on(saveFx.failData, (issues, error) =>
  error instanceof HttpError && error.status === 422 ? issuesFromDetail(error.body) : issues,
);
sample({ clock: saveFx.done, fn: () => ({ id: 'robots.flowEditor.saved' }), target: showSuccessFx });

sample({
  clock: publishConfirmed,
  source: { target: $target, busy: combine(saveFx.pending, publishFx.pending, (a, b) => a || b) },
  filter: ({ target, busy }) => ready(target) && !busy,
  fn: ({ target }) => target as Target,
  target: publishFx,
});
// Publishing makes the saved draft what visitors get.
$published.on(publishFx.done, (_, { params }) => params.graph);
$publishedAt.on(publishFx.doneData, (_, flow) => flow.publishedAt);
sample({ clock: publishFx.done, fn: () => ({ id: 'robots.flowEditor.published' }), target: showSuccessFx });
$serverIssues.on(publishFx.failData, (issues, error) =>
  error instanceof HttpError && error.status === 422 ? issuesFromDetail(error.body) : issues,
);

// ——— Versions ———

sample({ clock: versionsOpened, source: $processId, filter: Boolean, target: listVersionsFx });
sample({
  clock: versionRestoreConfirmed,
  source: $processId,
  filter: Boolean,
  fn: (processId, versionId) => ({ processId, versionId }),
  target: restoreFx,
});
sample({
  clock: restoreFx.doneData,
  source: $doc,
  fn: (doc, flow) => applyEdit(doc, flow.draft),
  target: $doc,
});
$savedGraph.on(restoreFx.doneData, (_, flow) => flow.draft);
sample({ clock: restoreFx.done, fn: () => ({ id: 'robots.flowEditor.restored' }), target: showSuccessFx });

// ——— Debugging ———

sample({
  clock: debugAsked,
  source: { target: $target, sessionId: $debugSessionId, busy: debugFx.pending },
  filter: ({ target, busy }, question) => ready(target) && !busy && question.trim() !== '',
  fn: ({ target, sessionId }, question) => ({ ...(target as Target), question: question.trim(), sessionId }),
  target: debugFx,
});
