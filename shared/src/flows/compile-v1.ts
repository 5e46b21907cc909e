import {
  OTHER_CLASS_HANDLE,
  type FlowEdge,
  type FlowGraph,
  type FlowNode,
  type V1ClassifyData,
} from '../contracts/flows';
import { freshId } from './ids';

const COLUMN_X = 200;
const ROW_HEIGHT = 150;
const BRANCH_WIDTH = 260;

/**
 * The v3 graph a v1 flow runs as: start → its steps in order → end. A classify step branches to one reply
 * per class (each then ends the answer); a question of no class goes on to the next step.
 */
export function compileV1(steps: FlowGraph['nodes']): FlowGraph {
  const taken = new Set(steps.map((step) => step.id));
  const id = (prefix: string) => {
    const fresh = freshId(prefix, taken);
    taken.add(fresh);
    return fresh;
  };
  const startId = taken.has('start') ? id('start') : 'start';
  taken.add(startId);
  const endId = id('end');
  const at = (row: number, column = 0) => ({ x: COLUMN_X + column * BRANCH_WIDTH, y: 200 + row * ROW_HEIGHT });

  const nodes: FlowNode[] = [{ id: startId, type: 'start', position: at(0), data: {} }];
  const edges: FlowEdge[] = [];
  const link = (source: string, target: string, sourceHandle?: string) =>
    edges.push({ id: id('edge'), source, target, ...(sourceHandle !== undefined ? { sourceHandle } : {}) });

  let previous = { id: startId, handle: undefined as string | undefined };
  steps.forEach((step, index) => {
    const row = index + 1;
    if (step.type === 'classify') {
      const { classes, ...rest } = step.data as unknown as V1ClassifyData;
      nodes.push({
        ...step,
        position: at(row),
        data: { ...rest, classes: classes.map(({ id: classId, name, examples }) => ({ id: classId, name, examples })) },
      });
      link(previous.id, step.id, previous.handle);
      classes.forEach((option, column) => {
        const replyId = id('reply');
        nodes.push({ id: replyId, type: 'reply', position: at(row, column + 1), data: { text: option.reply } });
        link(step.id, replyId, option.id);
        link(replyId, endId);
      });
      previous = { id: step.id, handle: OTHER_CLASS_HANDLE };
      return;
    }
    nodes.push({ ...step, position: at(row) });
    link(previous.id, step.id, previous.handle);
    previous = { id: step.id, handle: undefined };
  });
  nodes.push({ id: endId, type: 'end', position: at(steps.length + 1), data: {} });
  link(previous.id, endId, previous.handle);
  return { nodes, edges };
}
