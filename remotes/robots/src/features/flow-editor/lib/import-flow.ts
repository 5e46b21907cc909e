import { FLOW_LIMITS, FLOW_NODE_TYPES, type FlowGraph } from '@flotilla/shared';
import { remapIds, validateFlow } from '@flotilla/shared/flows';

/** The largest flow file the editor reads (a 500-node flow with long texts fits well under it). */
export const FLOW_FILE_MAX_BYTES = 2 * 1024 * 1024;

/** Why a file is no flow the editor can take. */
export type ImportProblem = 'tooLarge' | 'notJson' | 'notAFlow' | 'tooMany';

/** A file read: the graph with new ids and how many issues it has, or why it was refused. */
export type ImportResult = { ok: true; graph: FlowGraph; issues: number } | { ok: false; problem: ImportProblem };

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max;
const isCoordinate = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= FLOW_LIMITS.coordinate;

function isNode(value: unknown): boolean {
  if (!isObject(value) || !isText(value.id, FLOW_LIMITS.nodeId)) return false;
  if (!(FLOW_NODE_TYPES as readonly unknown[]).includes(value.type)) return false;
  const position = value.position;
  return isObject(position) && isCoordinate(position.x) && isCoordinate(position.y) && isObject(value.data);
}

function isEdge(value: unknown): boolean {
  return (
    isObject(value) &&
    isText(value.id, FLOW_LIMITS.nodeId) &&
    isText(value.source, FLOW_LIMITS.nodeId) &&
    isText(value.target, FLOW_LIMITS.nodeId) &&
    (value.sourceHandle === undefined || isText(value.sourceHandle, FLOW_LIMITS.nodeId))
  );
}

/**
 * Reads an exported flow file (`{ version: 'v3', nodes, edges }`): its size, JSON and shape checked, its
 * ids renewed (variables following) so it can never clash with what is on the canvas, its issues counted.
 */
export function readFlowFile(text: string): ImportResult {
  if (text.length > FLOW_FILE_MAX_BYTES) return { ok: false, problem: 'tooLarge' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'notJson' };
  }
  if (!isObject(parsed) || (parsed.version !== undefined && parsed.version !== 'v3'))
    return { ok: false, problem: 'notAFlow' };
  const { nodes, edges } = parsed;
  if (!Array.isArray(nodes) || !Array.isArray(edges)) return { ok: false, problem: 'notAFlow' };
  if (nodes.length > FLOW_LIMITS.nodes || edges.length > FLOW_LIMITS.edges) return { ok: false, problem: 'tooMany' };
  if (!nodes.every(isNode) || !edges.every(isEdge)) return { ok: false, problem: 'notAFlow' };
  const graph = remapIds({ nodes, edges } as FlowGraph);
  const check = validateFlow('v3', graph);
  return { ok: true, graph, issues: check.ok ? 0 : check.issues.length };
}

/** A flow as its exported file holds it. */
export function flowFileText(graph: FlowGraph): string {
  return JSON.stringify({ version: 'v3', nodes: graph.nodes, edges: graph.edges }, null, 2);
}

/** The name an exported flow is saved under: the robot's name, without characters file systems refuse. */
export function flowFileName(robotName: string): string {
  const safe = robotName.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim() || 'flow';
  return `${safe}.flow.json`;
}
