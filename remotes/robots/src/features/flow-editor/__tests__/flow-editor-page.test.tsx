import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeRobot } from '../../../test/fake-robots-api';
import { Refusal, testScope } from '@flotilla/shared/test';
import type { FlowGraph } from '@flotilla/shared';
import { Toast } from '@flotilla/shared/ui/semi';
import { fakeFlowApi, flowRobot, makeFlow, renderEditor, replyGraph } from './flow-test-kit';

afterEach(() => {
  cleanup();
  // A save's toast outlives its test and would be one more alert in the next.
  Toast.destroyAll();
  vi.unstubAllGlobals();
});

const canvasNode = (id: string) => document.querySelector<HTMLElement>(`.react-flow__node[data-id="${id}"]`);
const canvasNodeIds = () =>
  [...document.querySelectorAll<HTMLElement>('.react-flow__node')].map((node) => node.dataset.id as string);
const select = (id: string) => fireEvent.click(canvasNode(id)?.querySelector('.flow-node') as HTMLElement);
const issueCount = () => screen.getByTestId('flow-issue-count').textContent;

async function openEditor(graph: FlowGraph = replyGraph(), options: Parameters<typeof fakeFlowApi>[2] = {}) {
  const robot = flowRobot();
  const api = fakeFlowApi(robot, makeFlow(graph), options);
  const view = renderEditor(robot.processId, testScope('operator'));
  await waitFor(() => expect(canvasNode('start')).toBeTruthy());
  return { ...api, ...view, robot };
}

describe('v3 flow editor', () => {
  it('shows the draft on the canvas, each node with its handles', async () => {
    await openEditor();
    expect(canvasNodeIds()).toEqual(['start', 'reply_1', 'end_1']);
    // start: no target handle; end: no source handle; reply: default out + failure branch.
    expect(canvasNode('start')?.querySelector('.react-flow__handle.target')).toBeNull();
    expect(canvasNode('end_1')?.querySelector('.react-flow__handle.source')).toBeNull();
    expect(canvasNode('reply_1')?.querySelector('[data-handleid="error"]')).toBeTruthy();
    expect(canvasNode('start')?.querySelector('[data-handleid="error"]')).toBeNull();
    expect(issueCount()).toBe('No problems');
    expect(screen.getByText(/^Published /)).toBeTruthy();
  });

  it('draws one handle per class plus else on a classify node, true/false on a condition', async () => {
    const graph = replyGraph();
    graph.nodes.push(
      {
        id: 'cls',
        type: 'classify',
        position: { x: 300, y: 0 },
        data: { classes: [{ id: 'c_a', name: 'Billing', examples: [] }] },
      },
      {
        id: 'cond',
        type: 'condition',
        position: { x: 600, y: 0 },
        data: { rules: [{ left: '{{start.question}}', operator: 'isEmpty' }] },
      },
    );
    await openEditor(graph);
    const handles = (id: string) =>
      [...(canvasNode(id)?.querySelectorAll<HTMLElement>('.react-flow__handle.source') ?? [])].map(
        (handle) => handle.dataset.handleid,
      );
    expect(handles('cls')).toEqual(['c_a', 'else', 'error']);
    expect(handles('cond')).toEqual(['true', 'false', 'error']);
  });

  it('adds a node at 200,200 from a palette click, and marks it as leading nowhere', async () => {
    await openEditor();
    fireEvent.click(screen.getByTestId('palette-webReader'));
    await waitFor(() => expect(canvasNodeIds()).toHaveLength(4));
    const added = canvasNodeIds()[3] as string;
    expect(added).toMatch(/^webReader_/);
    expect(canvasNode(added)?.style.transform).toBe('translate(200px,200px)');
    // Not connected: unreachable and its output leads nowhere.
    await waitFor(() => expect(canvasNode(added)?.querySelector('[data-invalid="true"]')).toBeTruthy());
    expect(issueCount()).toBe('2 problems');
    // A second click on the same place moves aside.
    fireEvent.click(screen.getByTestId('palette-webReader'));
    await waitFor(() => expect(canvasNodeIds()).toHaveLength(5));
    expect(canvasNode(canvasNodeIds()[4] as string)?.style.transform).toBe('translate(240px,240px)');
  });

  it('saves the edited reply text as the graph', async () => {
    const { saved } = await openEditor();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    select('reply_1');
    const text = await screen.findByLabelText('Reply text');
    fireEvent.change(text, { target: { value: 'Welcome!' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const expected = replyGraph('Welcome!');
    expect(saved[0]).toEqual({ version: 'v3', nodes: expected.nodes, edges: expected.edges });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true));
  });

  it('marks the nodes a save was refused for', async () => {
    await openEditor(replyGraph(), {
      save: () =>
        new Refusal(422, {
          detail: [{ loc: ['body', 'nodes', 'reply_1', 'text'], msg: 'too long', type: 'flow.invalid' }],
        }),
    });
    select('reply_1');
    fireEvent.change(await screen.findByLabelText('Reply text'), { target: { value: 'Changed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(canvasNode('reply_1')?.querySelector('[data-invalid="true"]')).toBeTruthy());
    expect(canvasNode('reply_1')?.textContent).toContain('A field is missing or wrong (text)');
    expect(screen.getByText('The flow was not saved')).toBeTruthy();
    expect(issueCount()).toBe('1 problem');
  });

  it('adds a dbQuery node whose databases and query the save sends', async () => {
    const { saved } = await openEditor();
    fireEvent.click(screen.getByTestId('palette-dbQuery'));
    await waitFor(() => expect(canvasNodeIds()).toHaveLength(4));
    const added = canvasNodeIds()[3] as string;
    expect(added).toMatch(/^dbQuery_/);
    expect(canvasNode(added)?.textContent).toContain('Database query');
    select(added);
    fireEvent.click(await screen.findByRole('combobox', { name: 'Databases' }));
    fireEvent.click(await screen.findByRole('option', { name: /Orders/ }));
    fireEvent.change(screen.getByLabelText('Query'), { target: { value: 'order {{start.question}}' } });
    fireEvent.change(screen.getByLabelText('Rows read at most'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const sent = saved[0] as FlowGraph;
    expect(sent.nodes.find((node) => node.id === added)).toMatchObject({
      type: 'dbQuery',
      data: { databaseIds: ['db1'], query: 'order {{start.question}}', limit: 20 },
    });
  });

  it('offers the rows a dbQuery node read to the nodes after it', async () => {
    const graph: FlowGraph = {
      nodes: [
        { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'lookup', type: 'dbQuery', position: { x: 0, y: 150 }, data: { databaseIds: ['db1'] } },
        { id: 'reply_1', type: 'reply', position: { x: 0, y: 300 }, data: { text: 'Found' } },
        { id: 'end_1', type: 'end', position: { x: 0, y: 450 }, data: {} },
      ],
      edges: [
        { id: 'e1', source: 'start', target: 'lookup' },
        { id: 'e2', source: 'lookup', target: 'reply_1' },
        { id: 'e3', source: 'reply_1', target: 'end_1' },
      ],
    };
    await openEditor(graph);
    expect(issueCount()).toBe('No problems');
    select('reply_1');
    const picker = (await screen.findByText('Insert a variable')).closest('[role="combobox"]') as HTMLElement;
    fireEvent.click(picker);
    const offered = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(offered).toEqual(['{{start.question}}', '{{lookup.text}}', '{{lookup.count}}', '{{lookup.json}}']);
  });

  it('undoes and redoes an added node', async () => {
    await openEditor();
    fireEvent.click(screen.getByTestId('palette-reply'));
    await waitFor(() => expect(canvasNodeIds()).toHaveLength(4));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(canvasNodeIds()).toEqual(['start', 'reply_1', 'end_1']));
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(canvasNodeIds()).toHaveLength(4));
    fireEvent.keyDown(window, { key: 'z', metaKey: true });
    await waitFor(() => expect(canvasNodeIds()).toHaveLength(3));
  });

  it('imports a file with new ids after confirmation', async () => {
    await openEditor();
    const file = new File([JSON.stringify({ version: 'v3', ...replyGraph('Imported') })], 'other.flow.json', {
      type: 'application/json',
    });
    fireEvent.change(screen.getByTestId('flow-import-file'), { target: { files: [file] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(canvasNodeIds()).not.toContain('reply_1'));
    const ids = canvasNodeIds();
    expect(ids).toHaveLength(3);
    expect(ids[0]).toBe('start');
    expect(ids[1]).toMatch(/^reply_/);
    expect(canvasNode(ids[1] as string)?.textContent).toContain('Reply');
    expect(issueCount()).toBe('No problems');
  });

  it('refuses a file that is not a flow', async () => {
    await openEditor();
    const file = new File(['{"nodes": 3}'], 'bad.json', { type: 'application/json' });
    fireEvent.change(screen.getByTestId('flow-import-file'), { target: { files: [file] } });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(canvasNodeIds()).toEqual(['start', 'reply_1', 'end_1']);
  });

  it('lights the nodes by how the debug run went and shows a node’s step', async () => {
    await openEditor(replyGraph(), {
      debug: () => ({
        answer: 'Hello there',
        sessionId: 's-1',
        trace: [
          { nodeId: 'start', type: 'start', status: 'ok', input: {}, output: { question: 'hi' }, ms: 1 },
          {
            nodeId: 'reply_1',
            type: 'reply',
            status: 'error',
            input: { text: 'x' },
            output: null,
            ms: 3,
            error: { code: 'TIMEOUT', message: 'took too long' },
          },
          { nodeId: 'end_1', type: 'end', status: 'skipped', input: null, output: null, ms: 0 },
        ],
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Debug' }));
    fireEvent.change(await screen.findByLabelText('Question'), { target: { value: 'hi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect((await screen.findByTestId('flow-debug-answer')).textContent).toBe('Hello there');
    const status = (id: string) => canvasNode(id)?.querySelector('.flow-node')?.getAttribute('data-status');
    await waitFor(() => expect(status('start')).toBe('ok'));
    expect(status('reply_1')).toBe('error');
    expect(status('end_1')).toBe('skipped');
    select('reply_1');
    expect((await screen.findByTestId('flow-debug-step')).textContent).toContain('TIMEOUT: took too long');
    fireEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(status('start')).toBeFalsy());
  });

  it('asks before leaving with unsaved changes', async () => {
    const { router, robot } = await openEditor();
    fireEvent.click(screen.getByTestId('palette-reply'));
    await waitFor(() => expect(canvasNodeIds()).toHaveLength(4));
    fireEvent.click(screen.getByRole('button', { name: /Concierge/ }));
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/ai/${robot.processId}/flow/v3`));
    fireEvent.click(screen.getByRole('button', { name: /Concierge/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/ai/${robot.processId}/detail/`));
  });

  it('starts a new flow for a simple robot, which the first save creates', async () => {
    const robot = makeRobot({ type: 'simple' });
    const { saved } = fakeFlowApi(robot, null);
    renderEditor(robot.processId, testScope('operator'));
    await waitFor(() => expect(canvasNodeIds()).toEqual(['start', 'aiChat', 'end']));
    expect(screen.getByText(/has no flow yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
  });
});
