import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Flow, FlowGraph, Robot } from '@flotilla/shared/contracts';
import { Api } from '../support/api';
import { loginThroughForm } from '../support/browser';
import { useBrowser } from '../support/session';

const session = useBrowser();
let api: Api;

beforeAll(async () => {
  api = await Api.login(session.baseUrl, session.admin.username, session.admin.password);
});

const RETURNS_REPLY = '退货请在订单页点“申请售后”，我们会在一个工作日内处理。';
const SHIPPING_REPLY = '您的包裹正在路上，物流单号在订单详情里。';
// A wide window: the palette, the canvas and the side panel side by side.
const WIDE = { width: 1600, height: 1000 };

/** The centre of an element on the page (it must be laid out). */
async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const canvasNode = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);
const nodeCard = (page: Page, id: string) => canvasNode(page, id).locator('.flow-node');

/** Drags a palette item onto the canvas at a point of the pane; answers the new node's id (the one selected). */
async function dropFromPalette(page: Page, type: string, at: { x: number; y: number }): Promise<string> {
  const before = new Set(await page.locator('.react-flow__node').evaluateAll((els) => els.map((el) => el.dataset.id)));
  await page.dragAndDrop(`[data-testid="palette-${type}"]`, '.react-flow__pane', { targetPosition: at });
  const added = page.locator(`.react-flow__node-${type}.selected`);
  await added.waitFor();
  const id = await added.getAttribute('data-id');
  if (!id || before.has(id)) throw new Error(`no new ${type} node`);
  return id;
}

/** Drags with the mouse from a source handle to a target handle, as an operator draws an edge. */
async function connect(page: Page, from: Locator, to: Locator): Promise<void> {
  const edges = await page.locator('.react-flow__edge').count();
  const a = await centre(from);
  const b = await centre(to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 12 });
  await page.mouse.up();
  await expect.poll(() => page.locator('.react-flow__edge').count()).toBe(edges + 1);
}

const sourceHandle = (page: Page, id: string, title?: string) =>
  canvasNode(page, id).locator(
    title ? `.react-flow__handle.source[title="${title}"]` : '.react-flow__handle.source:not([data-handleid])',
  );
const targetHandle = (page: Page, id: string) => canvasNode(page, id).locator('.react-flow__handle.target');

/** Whether every node lies inside the pane, the view zoomed out: the auto layout's fit is done. */
async function laidOutInView(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const pane = document.querySelector('.react-flow__pane')?.getBoundingClientRect();
    const viewport = document.querySelector<HTMLElement>('.react-flow__viewport');
    if (!pane || !viewport) return false;
    const scale = new DOMMatrixReadOnly(getComputedStyle(viewport).transform).a;
    return (
      scale < 1 &&
      [...document.querySelectorAll('.react-flow__node')].every((node) => {
        const box = node.getBoundingClientRect();
        return box.left >= pane.left && box.right <= pane.right && box.top >= pane.top && box.bottom <= pane.bottom;
      })
    );
  });
}

describe('an operator draws a branching flow, debugs it, publishes it, and visitors get its branches', () => {
  it('create (Flow) → delete aiChat → drag classify and two replies → connect → fill → save → debug → publish → share', async () => {
    const page = await session.page({ viewport: WIDE });
    await loginThroughForm(page, session.admin.username, session.admin.password);

    // A new robot of type Flow opens in the v3 editor with start → aiChat → end.
    await page.goto('/robot');
    await page.getByRole('button', { name: 'New robot' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('After-sales flow');
    await dialog.getByText('Flow', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/ai\/[^/]+\/flow\/v3$/);
    const processId = new URL(page.url()).pathname.split('/')[2] as string;
    await canvasNode(page, 'aiChat').waitFor();

    // Select the default aiChat node and delete it.
    await canvasNode(page, 'aiChat').click();
    await page.getByRole('region', { name: 'Node aiChat' }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await canvasNode(page, 'aiChat').waitFor({ state: 'detached' });

    // Drag a classify node from the palette; its panel opens; two classes with their examples.
    const pane = await page.locator('.react-flow__pane').boundingBox();
    if (!pane) throw new Error('no canvas');
    const classify = await dropFromPalette(page, 'classify', { x: pane.width * 0.25, y: pane.height * 0.45 });
    const classifyPanel = page.getByRole('region', { name: `Node ${classify}` });
    await classifyPanel.getByRole('button', { name: 'Add a class' }).click();
    await classifyPanel.getByRole('button', { name: 'Add a class' }).click();
    await classifyPanel.getByLabel('Class 1', { exact: true }).fill('退货');
    await classifyPanel.getByLabel('Class 2', { exact: true }).fill('物流');
    for (const [name, examples] of [
      ['退货', ['退款', '退货']],
      ['物流', ['快递', '物流']],
    ] as const) {
      const input = classifyPanel.locator(`[aria-label="Examples of ${name}"] input`);
      for (const example of examples) {
        await input.fill(example);
        await input.press('Enter');
      }
      await expect
        .poll(() => classifyPanel.locator(`[aria-label="Examples of ${name}"] .semi-tag`).allInnerTexts())
        .toEqual([...examples]);
    }

    // Two reply nodes, each with its text.
    const returnsReply = await dropFromPalette(page, 'reply', { x: pane.width * 0.5, y: pane.height * 0.55 });
    await page
      .getByRole('region', { name: `Node ${returnsReply}` })
      .getByLabel('Reply text', { exact: true })
      .fill(RETURNS_REPLY);
    const shippingReply = await dropFromPalette(page, 'reply', { x: pane.width * 0.75, y: pane.height * 0.65 });
    await page
      .getByRole('region', { name: `Node ${shippingReply}` })
      .getByLabel('Reply text', { exact: true })
      .fill(SHIPPING_REPLY);

    // Lay the nodes out so that every handle is in view, then draw the edges handle to handle.
    await page.getByRole('button', { name: 'Auto layout' }).click();
    await expect.poll(() => laidOutInView(page)).toBe(true);
    await connect(page, sourceHandle(page, 'start'), targetHandle(page, classify));
    await connect(page, sourceHandle(page, classify, '退货'), targetHandle(page, returnsReply));
    await connect(page, sourceHandle(page, classify, '物流'), targetHandle(page, shippingReply));
    await connect(page, sourceHandle(page, returnsReply), targetHandle(page, 'end'));
    await connect(page, sourceHandle(page, shippingReply), targetHandle(page, 'end'));
    await expect.poll(() => page.getByTestId('flow-issue-count').innerText()).toBe('No problems');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Flow saved').first().waitFor();
    const saved = await api.call<Flow>('GET', `/v1/processes/${processId}/flow`);
    expect(saved.draft.nodes.map((node) => node.type).sort()).toEqual(['classify', 'end', 'reply', 'reply', 'start']);
    expect(saved.draft.edges).toHaveLength(5);

    // Debug: each question goes down its branch, the nodes lit by how they ran.
    await page.getByRole('button', { name: 'Debug' }).click();
    const debug = page.getByRole('region', { name: 'Debug' });
    const ask = async (question: string) => {
      await debug.getByLabel('Question').fill(question);
      await debug.getByRole('button', { name: 'Ask' }).click();
    };
    await ask('我想退货');
    await expect.poll(() => page.getByTestId('flow-debug-answer').innerText()).toBe(RETURNS_REPLY);
    await expect.poll(() => nodeCard(page, classify).getAttribute('data-status')).toBe('ok');
    await expect.poll(() => nodeCard(page, returnsReply).getAttribute('data-status')).toBe('ok');
    await expect.poll(() => nodeCard(page, shippingReply).getAttribute('data-status')).toBe('skipped');
    await ask('我的快递到哪了');
    await expect.poll(() => page.getByTestId('flow-debug-answer').innerText()).toBe(SHIPPING_REPLY);
    await expect.poll(() => nodeCard(page, shippingReply).getAttribute('data-status')).toBe('ok');
    await expect.poll(() => nodeCard(page, returnsReply).getAttribute('data-status')).toBe('skipped');

    // Publish: visitors get the flow.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.locator('.semi-popconfirm').getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Flow published: visitors get it now').first().waitFor();

    const share = await api.enableShare(processId);
    const visitor = await session.page({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`/chat/${share.shareId}`);
    const send = async (question: string) => {
      await visitor.getByRole('textbox', { name: 'Message' }).fill(question);
      await visitor.getByRole('button', { name: 'Send' }).click();
    };
    await send('我想退货');
    await visitor.getByText(RETURNS_REPLY).first().waitFor();
    await send('我的快递到哪了');
    await visitor.getByText(SHIPPING_REPLY).first().waitFor();
  });

  it('edits a v1 flow of steps, saves it, and converts it to a v3 graph', async () => {
    const robot = await api.call<Robot>('POST', '/v1/processes', { name: 'Opening hours steps', type: 'flow' });
    const steps: FlowGraph = {
      nodes: [{ id: 'greeting', type: 'reply', position: { x: 200, y: 200 }, data: { text: '您好' } }],
      edges: [],
    };
    await api.call('PUT', `/v1/processes/${robot.processId}/flow`, { version: 'v1', ...steps });

    const page = await session.page({ viewport: WIDE });
    await loginThroughForm(page, session.admin.username, session.admin.password);
    await page.goto(`/ai/${robot.processId}/flow`);
    const first = page.getByRole('region', { name: 'Step 1: Fixed reply' });
    await first.getByLabel('Reply', { exact: true }).fill('您好，我们每天 9 点到 18 点营业。');
    await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByRole('menuitem', { name: /Fixed reply/ }).click();
    await page
      .getByRole('region', { name: 'Step 2: Fixed reply' })
      .getByLabel('Reply', { exact: true })
      .fill('还有什么可以帮您？');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Flow saved').first().waitFor();
    const saved = await api.call<Flow>('GET', `/v1/processes/${robot.processId}/flow`);
    expect(saved.version).toBe('v1');
    expect(saved.draft.nodes.map((node) => (node.type === 'reply' ? node.data.text : node.type))).toEqual([
      '您好，我们每天 9 点到 18 点营业。',
      '还有什么可以帮您？',
    ]);

    await page.getByRole('button', { name: 'Convert to v3' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Convert' }).click();
    await page.waitForURL(new RegExp(`/ai/${robot.processId}/flow/v3$`));
    // The compiled graph: start → the two replies → end.
    await canvasNode(page, 'start').waitFor();
    await page.locator('.react-flow__node-end').waitFor();
    await expect.poll(() => page.locator('.react-flow__node-reply').count()).toBe(2);
    await expect.poll(() => page.locator('.react-flow__edge').count()).toBe(3);
    const converted = await api.call<Flow>('GET', `/v1/processes/${robot.processId}/flow`);
    expect(converted.version).toBe('v3');
    expect(converted.draft.nodes.map((node) => node.type)).toEqual(['start', 'reply', 'reply', 'end']);
  });
});

describe('a large flow', () => {
  it('opens at full size on its start node with only the nodes in view drawn, and fits all of them on demand', async () => {
    const robot = await api.call<Robot>('POST', '/v1/processes', { name: 'A long flow', type: 'flow' });
    // start → 120 replies in a chain laid out 10 to a row → end: far larger than the window.
    const replies = Array.from({ length: 120 }, (_, i) => ({
      id: `r${i}`,
      type: 'reply' as const,
      position: { x: 200 + (i % 10) * 260, y: 350 + Math.floor(i / 10) * 150 },
      data: { text: `Step ${i}` },
    }));
    const nodes: FlowGraph['nodes'] = [
      { id: 'start', type: 'start', position: { x: 200, y: 200 }, data: {} },
      ...replies,
      { id: 'end', type: 'end', position: { x: 200, y: 350 + 12 * 150 }, data: {} },
    ];
    const edges = nodes.slice(1).map((node, i) => ({ id: `e${i}`, source: nodes[i]!.id, target: node.id }));
    await api.call('PUT', `/v1/processes/${robot.processId}/flow`, { version: 'v3', nodes, edges });

    const page = await session.page({ viewport: WIDE });
    await loginThroughForm(page, session.admin.username, session.admin.password);
    await page.goto(`/ai/${robot.processId}/flow/v3`);
    await canvasNode(page, 'r1').waitFor();
    const zoom = () =>
      page.evaluate(() => {
        const viewport = document.querySelector<HTMLElement>('.react-flow__viewport');
        return viewport ? new DOMMatrixReadOnly(getComputedStyle(viewport).transform).a : 0;
      });
    expect(await zoom()).toBe(1);
    // The start node is in view, near the top of the canvas; the end, 1 950 px below it, is not drawn.
    const pane = (await page.locator('.react-flow__pane').boundingBox())!;
    const start = (await canvasNode(page, 'start').boundingBox())!;
    expect(start.y).toBeGreaterThanOrEqual(pane.y);
    expect(start.y + start.height).toBeLessThan(pane.y + pane.height / 2);
    expect(await page.locator('.react-flow__node').count()).toBeLessThan(40);
    await expect(canvasNode(page, 'end').count()).resolves.toBe(0);

    await page.locator('.react-flow__controls-fitview').click();
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(122);
    expect(await zoom()).toBeLessThan(1);
  });
});
