// Flow engine bench (part of `pnpm bench`): a 100-node chain of setVariable nodes (start → 100 × setVariable
// → end) run by the engine in-process, against the floor of a plain loop that makes the same 100 function
// calls setting the same variables. Target: ≤ 0.2 ms of engine per node.
import { performance } from 'node:perf_hooks';
import type { FlowGraph } from '@flotilla/shared/contracts';
import { validateFlow } from '@flotilla/shared/flows';
import type { FlowServices } from '../../server/src/engine/flow/node-types';
import { indexFlow, runFlow } from '../../server/src/engine/flow/run-flow';
import { emptySessionState } from '../../server/src/engine/flow/session-state';

const CHAIN = 100;
const RUNS = Number(process.env.BENCH_FLOW_RUNS ?? 2000);

/** start → n setVariable nodes, each reading the one before it → end. */
export function setVariableChain(n: number): FlowGraph {
  const nodes: FlowGraph['nodes'] = [{ id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} }];
  for (let i = 1; i <= n; i++) {
    const before = i === 1 ? '{{start.question}}' : `{{set${i - 1}.value}}`;
    nodes.push({
      id: `set${i}`,
      type: 'setVariable',
      position: { x: 0, y: i * 100 },
      data: { name: `v${i}`, value: `${before}+` },
    });
  }
  nodes.push({ id: 'end', type: 'end', position: { x: 0, y: (n + 1) * 100 }, data: {} });
  const edges = nodes.slice(1).map((node, i) => ({ id: `e${i}`, source: nodes[i]!.id, target: node.id }));
  return { nodes, edges };
}

// The chain touches no service: every one refuses, so a mistake shows.
const refuse = () => {
  throw new Error('the bench chain calls no service');
};
const noServices: FlowServices = {
  searchKnowledge: refuse,
  answer: refuse,
  classifyWithModel: refuse,
  fetch: refuse,
  readWebPage: refuse,
  lookUpDatabases: refuse,
};

async function runOnce(graph: ReturnType<typeof indexFlow>): Promise<number> {
  const state = emptySessionState();
  const steps = runFlow(
    graph,
    { question: 'q', locale: 'en-US', state, services: noServices, fallbackReply: 'fallback' },
    new AbortController().signal,
  );
  let step = await steps.next();
  while (!step.done) step = await steps.next();
  return step.value.trace.length;
}

/** The floor: the same variables set by 100 plain calls. */
function plainLoop(): number {
  const variables: Record<string, string> = {};
  let value = 'q';
  const set = (name: string, next: string) => {
    variables[name] = next;
    return next;
  };
  for (let i = 1; i <= CHAIN; i++) value = set(`v${i}`, `${value}+`);
  return Object.keys(variables).length;
}

export async function benchFlowEngine(): Promise<{ lines: string[] }> {
  const graph = setVariableChain(CHAIN);
  if (!validateFlow('v3', graph).ok) throw new Error('the bench chain does not validate');
  const indexed = indexFlow(graph);
  for (let i = 0; i < 200; i++) await runOnce(indexed);
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) await runOnce(indexed);
  const engineMs = (performance.now() - started) / RUNS / (CHAIN + 2);

  for (let i = 0; i < 2000; i++) plainLoop();
  const loopRuns = RUNS * 20;
  const loopStarted = performance.now();
  let sink = 0;
  for (let i = 0; i < loopRuns; i++) sink += plainLoop();
  const loopMs = (performance.now() - loopStarted) / loopRuns / CHAIN;
  if (sink === 0) throw new Error('unreachable');
  return {
    lines: [
      `flow engine per node:     ${(engineMs * 1000).toFixed(2)} µs (100 setVariable nodes in a chain, ${RUNS} runs); plain function-call loop ${(loopMs * 1000).toFixed(3)} µs per call → ratio ${(engineMs / loopMs).toFixed(0)}   (target ≤ 0.2 ms = 200 µs per node)`,
    ],
  };
}
