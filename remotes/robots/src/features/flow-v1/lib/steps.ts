import {
  FLOW_LIMITS,
  type FlowNodeOf,
  type SaveFlowBody,
  type V1ClassifyData,
  type V1FlowClass,
  type V1StepType,
  V1_STEP_TYPES,
} from '@flotilla/shared';
import { freshId, newNodeData, nodeOutputs, validateFlow, type FlowIssue } from '@flotilla/shared/flows';

/** A step of a v1 flow as the form edits it; a classify step's classes carry their replies. */
export type V1Step =
  | FlowNodeOf<'knowledgeSearch'>
  | FlowNodeOf<'aiChat'>
  | FlowNodeOf<'reply'>
  | { id: string; type: 'classify'; position: { x: number; y: number }; data: V1ClassifyData };

/** Where the editor puts step `index` (a v1 flow is one column; the positions only matter after conversion). */
export function stepPosition(index: number): { x: number; y: number } {
  return { x: 200, y: 200 + index * 150 };
}

const takenIds = (steps: readonly V1Step[]) => new Set(steps.map((step) => step.id));

/** A new class of a classify step, with an id no other class of `classes` has. */
export function newClass(classes: readonly V1FlowClass[]): V1FlowClass {
  return { id: freshId('class', new Set(classes.map((option) => option.id))), name: '', examples: [], reply: '' };
}

/** A new step of `type` with an id no step of `steps` has, holding what its form starts with. */
export function newStep(type: V1StepType, steps: readonly V1Step[]): V1Step {
  const id = freshId(type, takenIds(steps));
  const position = stepPosition(steps.length);
  if (type === 'classify') return { id, type, position, data: { classes: [newClass([])] } };
  return { id, type, position, data: newNodeData(type) } as V1Step;
}

/** What a robot without a flow starts its v1 flow with: search its knowledge, then answer with it. */
export function starterSteps(): V1Step[] {
  const search = newStep('knowledgeSearch', []);
  return [search, newStep('aiChat', [search])];
}

/** The steps of a saved v1 flow's graph, in order (a node of another type, which the server never saves in a v1 flow, is left out). */
export function stepsOfGraph(graph: { nodes: ReadonlyArray<{ type: string }> }): V1Step[] {
  return graph.nodes.filter((node) => (V1_STEP_TYPES as readonly string[]).includes(node.type)) as V1Step[];
}

/** The draft a v1 flow is saved as: its steps in order, one under the other, no edges. */
export function saveBody(steps: readonly V1Step[]): SaveFlowBody {
  return {
    version: 'v1',
    nodes: steps.map((step, index) => ({ ...step, position: stepPosition(index) }) as SaveFlowBody['nodes'][number]),
    edges: [],
  };
}

/** Whether two lists of steps save as the same flow (the unsaved-change check). */
export function sameSteps(a: readonly V1Step[], b: readonly V1Step[]): boolean {
  return JSON.stringify(saveBody(a).nodes) === JSON.stringify(saveBody(b).nodes);
}

/** The steps with the one of `id` moved `by` places (up is -1), unchanged at either end. */
export function moveStep(steps: readonly V1Step[], id: string, by: -1 | 1): V1Step[] {
  const from = steps.findIndex((step) => step.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= steps.length) return [...steps];
  const moved = [...steps];
  [moved[from], moved[to]] = [moved[to] as V1Step, moved[from] as V1Step];
  return moved;
}

/** Why the steps cannot run yet, as the server would say it on save. */
export function stepIssues(steps: readonly V1Step[]): FlowIssue[] {
  const check = validateFlow('v1', { nodes: saveBody(steps).nodes, edges: [] });
  return check.ok ? [] : check.issues;
}

/** A 422's `detail` entry. */
export type ValidationDetail = { loc: ReadonlyArray<string | number>; msg: string; type: string };

/**
 * The issues of a refused save: `loc` = `['body', 'nodes', <node id or index>, field, …]` names the step
 * (the flow checks name it by id, the schema checks by its index in the list); the rest is the flow's.
 */
export function issuesOfDetail(detail: readonly ValidationDetail[], steps: readonly V1Step[]): FlowIssue[] {
  return detail.map((entry) => {
    const loc = entry.loc.map(String);
    const code = (entry.type.startsWith('flow.') ? entry.type.slice(5) : 'invalid') as FlowIssue['code'];
    if (loc[1] !== 'nodes' || loc[2] === undefined)
      return { code, field: loc[1] ?? 'nodes', path: [], detail: entry.msg };
    const named = steps.find((step) => step.id === loc[2]) ?? steps[Number(loc[2])];
    const rest = loc.slice(3);
    // The schema names the data's fields below `data`; the flow checks name them directly.
    const path = rest[0] === 'data' ? rest.slice(1) : rest;
    const field = path[0] ?? 'id';
    return { code, nodeId: named?.id ?? loc[2], field, path: path.length > 0 ? path : [field], detail: entry.msg };
  });
}

/** A `{{…}}` variable a step may use: the question, or an output of an earlier step. */
export type StepVariable = { value: string; stepIndex: number | null; type: V1Step['type'] | 'start'; output: string };

/** The variables step `index` may insert: the visitor's question, then each earlier step's outputs. */
export function variablesBefore(steps: readonly V1Step[], index: number): StepVariable[] {
  const question: StepVariable = { value: '{{start.question}}', stepIndex: null, type: 'start', output: 'question' };
  return [
    question,
    ...steps.slice(0, index).flatMap((step, stepIndex) =>
      nodeOutputs(step as FlowNodeOf<V1Step['type']>).map((output) => ({
        value: `{{${step.id}.${output}}}`,
        stepIndex,
        type: step.type,
        output,
      })),
    ),
  ];
}

/** `text` with `variable` added at its end (a space between them); unchanged when that would pass a flow text's limit. */
export function withVariable(text: string, variable: string): string {
  const joined = text && !/\s$/.test(text) ? `${text} ${variable}` : `${text}${variable}`;
  return joined.length > FLOW_LIMITS.text ? text : joined;
}
