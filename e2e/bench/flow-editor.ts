// Flow editor bench (part of `pnpm bench`): a flow of 300 nodes (start → 298 mixed nodes → end, laid out
// in a 20-column grid) opened in the v3 editor at /ai/{id}/flow/v3 in headless Chromium, logged in and
// with the console's scripts in the browser's cache (one unmeasured visit first). Measured from the
// navigation start: every node rendered and the view fitted, then a click on a node and its side panel
// open ("interactive", target ≤ 1000 ms); against the floor of the same page opening a 3-node flow, in
// alternating rounds. Then one node dragged across the canvas for 30 mouse moves: the time from each
// move's input event to the frame that shows the node moved, and the longest frame meanwhile.
import { loadavg } from 'node:os';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { FlowGraph, FlowNode, Robot } from '@flotilla/shared/contracts';
import { validateFlow } from '@flotilla/shared/flows';
import { launchBrowser, loginThroughForm, newContext } from '../support/browser';
import { ADMIN, ensureBuilds, startServer } from '../support/server';
import { median } from './first-paint';

const ROUNDS = Number(process.env.BENCH_FLOW_EDITOR_ROUNDS ?? 7);
const BIG = 300;
const DRAG_MOVES = 30;
const COLUMNS = 20;

/** The data of the i-th middle node; the types turn so that the flow mixes them. */
function middleNode(i: number): FlowNode {
  const id = `node_${i}`;
  const position = { x: (i % COLUMNS) * 260, y: Math.floor(i / COLUMNS) * 140 };
  switch (i % 7) {
    case 0:
      return { id, type: 'reply', position, data: { text: `Step ${i}: {{start.question}}` } };
    case 1:
      return { id, type: 'setVariable', position, data: { name: `v${i}`, value: '{{start.question}}' } };
    case 2:
      return {
        id,
        type: 'condition',
        position,
        data: { rules: [{ left: '{{start.question}}', operator: 'contains', right: '退货' }] },
      };
    case 3:
      return {
        id,
        type: 'classify',
        position,
        data: { classes: [{ id: 'returns', name: '退货', examples: ['退款', '退货'] }] },
      };
    case 4:
      return { id, type: 'aiChat', position, data: { prompt: 'Answer in one sentence.' } };
    case 5:
      return { id, type: 'httpRequest', position, data: { method: 'GET', url: 'https://example.com/orders' } };
    default:
      return { id, type: 'webReader', position, data: { url: 'https://example.com/' } };
  }
}

/** The handles a middle node leaves by (each must lead on). */
function outputsOf(node: FlowNode): Array<string | undefined> {
  if (node.type === 'condition') return ['true', 'false'];
  if (node.type === 'classify') return node.data.classes.map((option) => option.id);
  return [undefined];
}

/** start → `middle` mixed nodes in a chain (a condition's two branches both lead on) → end. */
export function mixedFlow(middle: number): FlowGraph {
  const nodes: FlowNode[] = [{ id: 'start', type: 'start', position: { x: 0, y: -140 }, data: {} }];
  for (let i = 0; i < middle; i++) nodes.push(middleNode(i));
  nodes.push({
    id: 'end',
    type: 'end',
    position: { x: (middle % COLUMNS) * 260, y: Math.floor(middle / COLUMNS) * 140 },
    data: {},
  });
  const edges: FlowGraph['edges'] = [];
  for (let i = 0; i < nodes.length - 1; i++) {
    const from = nodes[i] as FlowNode;
    const handles = from.type === 'start' ? [undefined] : outputsOf(from);
    for (const handle of handles)
      edges.push({
        id: `e${edges.length}`,
        source: from.id,
        target: (nodes[i + 1] as FlowNode).id,
        ...(handle === undefined ? {} : { sourceHandle: handle }),
      });
  }
  return { nodes, edges };
}

async function call<T>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A flow robot whose draft is `graph` (checked by the editor's own rules first, then by the server). */
async function flowRobot(baseUrl: string, token: string, name: string, graph: FlowGraph): Promise<string> {
  const check = validateFlow('v3', graph);
  if (!check.ok) throw new Error(`the bench flow does not validate: ${JSON.stringify(check.issues.slice(0, 3))}`);
  const robot = await call<Robot>(baseUrl, token, 'POST', '/v1/processes', { name, type: 'flow' });
  await call(baseUrl, token, 'PUT', `/v1/processes/${robot.processId}/flow`, { version: 'v3', ...graph });
  return robot.processId;
}

type OpenRun = { renderedMs: number; interactiveMs: number; fitAllMs?: number };

/**
 * Opens the editor in a new page of the logged-in context; answers, in ms from the navigation start (the
 * page's own clock), when the nodes it draws were drawn and placed, and when the clicked node's panel
 * showed. A small flow is fitted: every node drawn. A large one opens at full size on its start node:
 * the nodes in view drawn; then "Fit view" is pressed and `fitAllMs` is how long until all were drawn.
 */
async function openEditor(
  context: BrowserContext,
  processId: string,
  nodes: number,
  pick: string,
  large: boolean,
): Promise<OpenRun> {
  const page = await context.newPage();
  try {
    await page.goto(`/ai/${processId}/flow/v3`, { waitUntil: 'commit' });
    const ready = await page.waitForFunction(
      ({ count, id, inView }) => {
        const drawn = document.querySelectorAll('.react-flow__node');
        if (inView ? drawn.length === 0 : drawn.length !== count) return false;
        // reactflow hides a node until it has measured it.
        for (const node of drawn) if ((node as HTMLElement).style.visibility === 'hidden') return false;
        const viewport = document.querySelector<HTMLElement>('.react-flow__viewport');
        if (!viewport || new DOMMatrixReadOnly(getComputedStyle(viewport).transform).isIdentity) return false;
        // Edges are drawn once the nodes at both ends are measured.
        if (document.querySelectorAll('.react-flow__edge').length === 0) return false;
        const target = document.querySelector(`.react-flow__node[data-id="${id}"]`)?.getBoundingClientRect();
        if (!target) return false;
        return { at: performance.now(), x: target.x + target.width / 2, y: target.y + target.height / 2 };
      },
      { count: nodes, id: pick, inView: large },
      { polling: 'raf', timeout: 60_000 },
    );
    const { at, x, y } = (await ready.jsonValue()) as { at: number; x: number; y: number };
    await page.mouse.click(x, y);
    const shown = await page.waitForFunction(
      (id) =>
        [...document.querySelectorAll('aside section h6')].some((title) => title.textContent?.endsWith(` · ${id}`)) &&
        performance.now(),
      pick,
      { polling: 'raf', timeout: 60_000 },
    );
    const interactiveMs = (await shown.jsonValue()) as number;
    if (!large) return { renderedMs: at, interactiveMs };
    const pressed = await page.evaluate(() => performance.now());
    await page.locator('.react-flow__controls-fitview').click();
    const all = await page.waitForFunction(
      (count) =>
        document.querySelectorAll('.react-flow__node').length === count &&
        [...document.querySelectorAll<HTMLElement>('.react-flow__node')].every(
          (node) => node.style.visibility !== 'hidden',
        ) &&
        performance.now(),
      nodes,
      { polling: 'raf', timeout: 60_000 },
    );
    return { renderedMs: at, interactiveMs, fitAllMs: ((await all.jsonValue()) as number) - pressed };
  } finally {
    await page.close();
  }
}

type DragRun = {
  inputToFrameMs: number[];
  longestFrameMs: number;
  lateFrames: number;
  frames: number;
  pressMs: number;
  releaseMs: number;
};

type DragState = {
  movedAt: number;
  downAt: number;
  upAt: number;
  samples: number[];
  frames: number[];
  on: boolean;
};

/**
 * Drags one node across the canvas in `DRAG_MOVES` mouse moves. For each move: from the input event to the
 * start of the first frame after the node's position changed; the longest gap between frames while it
 * moves; and from the press and from the release to the next frame (what picking up and dropping cost).
 */
async function dragNode(page: Page, id: string): Promise<DragRun> {
  await page.evaluate((nodeId) => {
    const node = document.querySelector<HTMLElement>(`.react-flow__node[data-id="${nodeId}"]`);
    if (!node) throw new Error(`no node ${nodeId}`);
    const state: DragState = { movedAt: 0, downAt: 0, upAt: 0, samples: [], frames: [], on: true };
    (window as unknown as { dragBench: DragState }).dragBench = state;
    const options = { capture: true };
    window.addEventListener('mousemove', (event) => void (state.movedAt = event.timeStamp), options);
    window.addEventListener('mousedown', (event) => void (state.downAt = event.timeStamp), options);
    window.addEventListener('mouseup', (event) => void (state.upAt = event.timeStamp), options);
    new MutationObserver(() => {
      const movedAt = state.movedAt;
      if (!movedAt) return;
      state.movedAt = 0;
      requestAnimationFrame((frame) => state.samples.push(frame - movedAt));
    }).observe(node, { attributes: true, attributeFilter: ['style'] });
    const tick = (frame: number) => {
      state.frames.push(frame);
      if (state.on) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, id);
  const box = await page.locator(`.react-flow__node[data-id="${id}"]`).boundingBox();
  const pane = await page.locator('.react-flow__pane').boundingBox();
  if (!box || !pane) throw new Error('nothing to drag');
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const to = { x: pane.x + pane.width * 0.8, y: pane.y + pane.height * 0.5 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= DRAG_MOVES; i++) {
    await page.mouse.move(from.x + ((to.x - from.x) * i) / DRAG_MOVES, from.y + ((to.y - from.y) * i) / DRAG_MOVES);
    // The next move once this one is on screen (a frame has started since the node moved).
    await page.waitForFunction(
      (count) => (window as unknown as { dragBench: DragState }).dragBench.samples.length >= count,
      i,
      { polling: 'raf' },
    );
  }
  await page.mouse.up();
  await page.waitForFunction(
    () => {
      const state = (window as unknown as { dragBench: DragState }).dragBench;
      return state.upAt > 0 && state.frames.some((frame) => frame > state.upAt);
    },
    undefined,
    { polling: 'raf' },
  );
  return page.evaluate(() => {
    const state = (window as unknown as { dragBench: DragState }).dragBench;
    state.on = false;
    const after = (at: number) => (state.frames.find((frame) => frame > at) ?? at) - at;
    const moving = state.frames.filter((frame) => frame > state.downAt && frame <= state.upAt);
    const gaps = moving.slice(1).map((frame, i) => frame - (moving[i] as number));
    return {
      inputToFrameMs: state.samples,
      longestFrameMs: Math.max(0, ...gaps),
      // A frame is late when it comes more than one refresh (60 Hz, with a little slack) after the one before.
      lateFrames: gaps.filter((gap) => gap > 20).length,
      frames: gaps.length,
      pressMs: after(state.downAt),
      releaseMs: after(state.upAt),
    };
  });
}

export type FlowEditorResult = { big: OpenRun[]; floor: OpenRun[]; dragBig: DragRun; dragFloor: DragRun };

/** The measures, in one logged-in context whose cache the first visit warms. */
export async function benchFlowEditor(browser: Browser, baseUrl: string): Promise<FlowEditorResult> {
  const login = await fetch(`${baseUrl}/v1/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const bigId = await flowRobot(baseUrl, token, 'bench-flow-300', mixedFlow(BIG - 2));
  const smallId = await flowRobot(baseUrl, token, 'bench-flow-3', mixedFlow(1));
  // A node in view when the large flow opens on its start node (second row, second column of the grid).
  const pick = 'node_21';

  const context = await newContext(browser, baseUrl, { viewport: { width: 1600, height: 1000 } });
  // tsx names the functions it compiles with a helper `__name`; functions sent to the page call it too.
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  try {
    const page = await context.newPage();
    await loginThroughForm(page, ADMIN.username, ADMIN.password);
    await page.close();
    // Unmeasured: the first visit fills the cache with the editor's scripts.
    await openEditor(context, bigId, BIG, pick, true);
    await openEditor(context, smallId, 3, 'node_0', false);
    const big: OpenRun[] = [];
    const floor: OpenRun[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const measures = [
        async () => void big.push(await openEditor(context, bigId, BIG, pick, true)),
        async () => void floor.push(await openEditor(context, smallId, 3, 'node_0', false)),
      ];
      for (const measure of round % 2 === 0 ? measures : measures.reverse()) await measure();
    }

    const drag = async (processId: string, count: number, id: string) => {
      const editor = await context.newPage();
      try {
        await openEditorOn(editor, processId, count);
        return await dragNode(editor, id);
      } finally {
        await editor.close();
      }
    };
    return { big, floor, dragBig: await drag(bigId, BIG, pick), dragFloor: await drag(smallId, 3, 'node_0') };
  } finally {
    await context.close();
  }
}

/**
 * Opens the editor on `page` and waits until its `count` nodes are drawn and fitted (a large flow, which
 * opens on its start node, is fitted with "Fit view": the drag is measured with every node drawn).
 */
async function openEditorOn(page: Page, processId: string, count: number): Promise<void> {
  await page.goto(`/ai/${processId}/flow/v3`);
  if (count > 3) {
    await page.locator('.react-flow__node[data-id="start"]').waitFor();
    await page.locator('.react-flow__controls-fitview').click();
  }
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('.react-flow__node').length === n &&
      [...document.querySelectorAll<HTMLElement>('.react-flow__node')].every(
        (node) => node.style.visibility !== 'hidden',
      ),
    count,
    { polling: 'raf', timeout: 60_000 },
  );
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const ms1 = (value: number) => `${value.toFixed(1)} ms`;

/** The bench's lines for this part. */
export function flowEditorLines({ big, floor, dragBig, dragFloor }: FlowEditorResult): string[] {
  const interactive = median(big.map((run) => run.interactiveMs));
  const floorInteractive = median(floor.map((run) => run.interactiveMs));
  return [
    `flow editor, 300 nodes:   interactive (the nodes in view drawn at full size on the start node, edges drawn, a clicked node's panel open) median ${ms(interactive)} from navigation start; 3-node floor (fitted) ${ms(floorInteractive)} → ${(interactive / floorInteractive).toFixed(2)} × the floor   (target ≤ 1000 ms; ${big.length} rounds each, alternating, warm cache)`,
    `                          drawn at median ${ms(median(big.map((run) => run.renderedMs)))} (floor ${ms(median(floor.map((run) => run.renderedMs)))}); then "Fit view" draws all 300 in median ${ms(median(big.map((run) => run.fitAllMs ?? 0)))}`,
    `flow editor, drag a node: ${DRAG_MOVES} moves with all 300 nodes drawn (fitted), input → frame median ${ms1(median(dragBig.inputToFrameMs))}, worst ${ms1(Math.max(...dragBig.inputToFrameMs))}, longest frame while moving ${ms1(dragBig.longestFrameMs)}, ${dragBig.lateFrames} of ${dragBig.frames} frames late; 3-node floor ${ms1(median(dragFloor.inputToFrameMs))}, worst ${ms1(Math.max(...dragFloor.inputToFrameMs))}, longest ${ms1(dragFloor.longestFrameMs)}, ${dragFloor.lateFrames} of ${dragFloor.frames} late   (smooth: ≤ 16.7 ms a frame)`,
    `                          press → frame ${ms1(dragBig.pressMs)}, release → frame ${ms1(dragBig.releaseMs)} (floor ${ms1(dragFloor.pressMs)}, ${ms1(dragFloor.releaseMs)})`,
  ];
}

// `node --import tsx bench/flow-editor.ts`: this part alone, on a server of its own (`BENCH_FLOW_EDITOR_ROUNDS`, default 7).
if (import.meta.url === `file://${process.argv[1]}`) {
  ensureBuilds();
  const server = await startServer({ FLOTILLA_LOG_LEVEL: 'error' });
  const browser = await launchBrowser();
  try {
    const result = await benchFlowEditor(browser, server.url);
    console.log(
      `\n${flowEditorLines(result).join('\n')}\n                          load average ${loadavg()[0]?.toFixed(1)}\n`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}
