import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { Provider } from 'effector-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { i18n, loadCatalogs, type Robot, type SaveFlowBody } from '@flotilla/shared';
import { validateFlow } from '@flotilla/shared/flows';
import { sharedCatalogs } from '@flotilla/shared/ui';
import { Refusal, renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { makeRobot } from '../../../test/fake-robots-api';
import { fakeFlowApi, makeFlow } from './fake-flow-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const V1_BODY: SaveFlowBody = {
  version: 'v1',
  nodes: [
    {
      id: 'search1',
      type: 'knowledgeSearch',
      position: { x: 200, y: 200 },
      data: { datasetIds: ['d1'], limit: 3 },
    },
    { id: 'answer1', type: 'aiChat', position: { x: 200, y: 350 }, data: { prompt: 'Be brief' } },
    {
      id: 'sort1',
      type: 'classify',
      position: { x: 200, y: 500 },
      data: {
        classes: [{ id: 'refund', name: 'Refunds', examples: ['Money back?'], reply: 'See our refund page.' }],
      } as never,
    },
  ],
  edges: [],
};

function open(
  robot: Robot,
  flow: Parameters<typeof fakeFlowApi>[1] = makeFlow(V1_BODY),
  refuseFirst?: Parameters<typeof fakeFlowApi>[2],
) {
  const api = fakeFlowApi(robot, flow, refuseFirst);
  renderInShell(<App />, { path: `/ai/${robot.processId}/flow`, scope: testScope('operator') });
  return api;
}

const step = (n: number, type: string) => screen.getByRole('region', { name: `Step ${n}: ${type}` });
const saves = (requests: ReturnType<typeof fakeFlowApi>['requests']) =>
  requests.filter((request) => request.method === 'PUT').map((request) => request.body as SaveFlowBody);

describe('v1 flow editor', () => {
  it('shows the steps of a v1 flow in order, each as its form', async () => {
    const robot = makeRobot({ name: 'Concierge', type: 'flow' });
    open(robot);
    expect(await screen.findByRole('heading', { name: /Flow · Concierge/ })).toBeTruthy();
    expect(step(1, 'Search knowledge')).toBeTruthy();
    expect(await within(step(1, 'Search knowledge')).findByText('Returns policy')).toBeTruthy();
    expect((within(step(1, 'Search knowledge')).getByLabelText('Passages kept') as HTMLInputElement).value).toBe('3');
    expect((within(step(2, 'AI answer')).getByLabelText('Instructions') as HTMLTextAreaElement).value).toBe('Be brief');
    const sort = step(3, 'Sort the question');
    expect((within(sort).getByLabelText('Name of class 1') as HTMLInputElement).value).toBe('Refunds');
    expect((within(sort).getByLabelText('Reply of class 1') as HTMLTextAreaElement).value).toBe('See our refund page.');
    expect(screen.getByText('Not published yet')).toBeTruthy();
    // Nothing changed yet: nothing to save.
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });

  it('saves the edited, reordered and added steps as the v1 draft, one under the other', async () => {
    const robot = makeRobot({ type: 'flow' });
    const { requests } = open(robot);
    const prompt = await screen.findByLabelText('Instructions');
    fireEvent.change(prompt, { target: { value: 'Answer politely' } });
    fireEvent.click(within(step(2, 'AI answer')).getByRole('button', { name: 'Move step 2 up' }));
    expect(step(1, 'AI answer')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Add step/ }));
    fireEvent.click(await screen.findByText('Fixed reply'));
    const reply = step(4, 'Fixed reply');
    fireEvent.click(within(reply).getByRole('button', { name: 'Insert a variable into Reply' }));
    fireEvent.click(await screen.findByText("The visitor's question"));
    const text = within(reply).getByLabelText('Reply') as HTMLTextAreaElement;
    expect(text.value).toBe('{{start.question}}');
    fireEvent.change(text, { target: { value: 'You asked: {{start.question}}' } });
    expect(screen.getByText(/Unsaved changes/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Flow saved')).toBeTruthy();
    const [body] = saves(requests);
    expect(body!.version).toBe('v1');
    expect(body!.edges).toEqual([]);
    expect(body!.nodes.map((node) => [node.id, node.type, node.position])).toEqual([
      ['answer1', 'aiChat', { x: 200, y: 200 }],
      ['search1', 'knowledgeSearch', { x: 200, y: 350 }],
      ['sort1', 'classify', { x: 200, y: 500 }],
      [expect.stringMatching(/^reply_/), 'reply', { x: 200, y: 650 }],
    ]);
    expect(body!.nodes[0]!.data).toEqual({ prompt: 'Answer politely' });
    expect(body!.nodes[3]!.data).toEqual({ text: 'You asked: {{start.question}}' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true));
    expect(screen.queryByText(/Unsaved changes/)).toBeNull();
  });

  it('removes a step and publishes once saved', async () => {
    const robot = makeRobot({ type: 'flow' });
    const { requests, state } = open(robot);
    await screen.findByLabelText('Instructions');
    const publish = screen.getByRole('button', { name: 'Publish' });
    fireEvent.click(within(step(3, 'Sort the question')).getByRole('button', { name: 'Remove step 3' }));
    expect(screen.queryByRole('region', { name: 'Step 3: Sort the question' })).toBeNull();
    // Unsaved changes are not what publishing would send.
    expect(publish.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Flow saved');
    expect(saves(requests)[0]!.nodes.map((node) => node.id)).toEqual(['search1', 'answer1']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Flow published: visitors get it now')).toBeTruthy();
    expect(state.flow!.publishedAt).not.toBeNull();
    expect(await screen.findByText(/^Published /)).toBeTruthy();
  });

  it('marks the step the server refuses, with its words for the field', async () => {
    const robot = makeRobot({ type: 'flow' });
    open(robot, makeFlow(V1_BODY), (request) =>
      request.method === 'PUT'
        ? new Refusal(422, {
            detail: [{ loc: ['body', 'nodes', 'answer1', 'model'], msg: 'unknown model', type: 'flow.invalid' }],
          })
        : undefined,
    );
    fireEvent.change(await screen.findByLabelText('Instructions'), { target: { value: 'Shorter' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/The flow was not saved: 1 problem is marked below/)).toBeTruthy();
    const answer = step(2, 'AI answer');
    expect(within(answer).getByText('Pick a model from the list.')).toBeTruthy();
    expect(within(answer).getByText('1 problem')).toBeTruthy();
    expect(within(step(1, 'Search knowledge')).queryByText(/problem/)).toBeNull();
    // Changing the marked step clears the server's mark.
    fireEvent.change(within(answer).getByLabelText('Instructions'), { target: { value: 'Shorter still' } });
    await waitFor(() => expect(within(step(2, 'AI answer')).queryByText('Pick a model from the list.')).toBeNull());
  });

  it('checks the steps itself first: an incomplete step is marked and nothing is sent', async () => {
    const robot = makeRobot({ type: 'flow' });
    const { requests } = open(robot);
    await screen.findByLabelText('Instructions');
    fireEvent.change(within(step(3, 'Sort the question')).getByLabelText('Name of class 1'), {
      target: { value: '' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(step(3, 'Sort the question')).findByText('Give class 1 a name.')).toBeTruthy();
    expect(screen.getByText(/1 problem needs fixing/)).toBeTruthy();
    expect(saves(requests)).toEqual([]);
  });

  it('converts to a v3 graph that can run, after confirmation, and opens the v3 editor', async () => {
    const robot = makeRobot({ type: 'flow' });
    const { requests } = open(robot);
    await screen.findByLabelText('Instructions');
    fireEvent.click(screen.getByRole('button', { name: 'Convert to v3' }));
    expect(await screen.findByText(/This v1 form will no longer be used/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Convert' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/ai/${robot.processId}/flow/v3`));
    const [body] = saves(requests);
    expect(body!.version).toBe('v3');
    expect(validateFlow('v3', body!)).toMatchObject({ ok: true });
    expect(body!.nodes.map((node) => node.type)).toEqual([
      'start',
      'knowledgeSearch',
      'aiChat',
      'classify',
      'reply',
      'end',
    ]);
  });

  it('points a v3 flow to the v3 editor', async () => {
    const robot = makeRobot({ type: 'flow' });
    open(robot, makeFlow({ version: 'v3', nodes: [], edges: [] }));
    expect(await screen.findByText('This flow is a graph (v3)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open the v3 editor' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/ai/${robot.processId}/flow/v3`));
  });

  it('starts a v1 flow for a simple robot: a knowledge search then an AI answer, saved as its flow', async () => {
    const robot = makeRobot({ type: 'simple' });
    const { requests, state } = open(robot, null);
    fireEvent.click(await screen.findByRole('button', { name: 'Start a v1 flow' }));
    expect(step(1, 'Search knowledge')).toBeTruthy();
    expect(step(2, 'AI answer')).toBeTruthy();
    // Unsaved until saved; a search needs its datasets first.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(step(1, 'Search knowledge')).findByText(/Pick from 1 to 50/)).toBeTruthy();
    expect(saves(requests)).toEqual([]);

    fireEvent.click(within(step(1, 'Search knowledge')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Opening hours'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Flow saved')).toBeTruthy();
    expect(saves(requests)[0]!.nodes.map((node) => [node.type, node.data])).toEqual([
      ['knowledgeSearch', { datasetIds: ['d2'] }],
      ['aiChat', {}],
    ]);
    expect(state.robot.type).toBe('flow');
  });

  it('says when the robot does not exist', async () => {
    fakeFlowApi(makeRobot(), null);
    renderInShell(<App />, { path: '/ai/nobody/flow', scope: testScope('operator') });
    expect(await screen.findByText('Robot not found')).toBeTruthy();
  });
});

/** Shows the current path (the data router of this file has no MemoryRouter probe). */
function Location() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

describe('v1 flow editor under a data router (as in the shell)', () => {
  it('asks before leaving with unsaved changes', async () => {
    const robot = makeRobot({ type: 'flow' });
    fakeFlowApi(robot, makeFlow(V1_BODY));
    loadCatalogs(sharedCatalogs);
    i18n.activate('en-US');
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <App />
              <Location />
            </>
          ),
        },
      ],
      { initialEntries: [`/ai/${robot.processId}/flow`] },
    );
    render(
      <Provider value={testScope('operator')}>
        <I18nProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nProvider>
      </Provider>,
    );
    fireEvent.change(await screen.findByLabelText('Instructions'), { target: { value: 'Changed' } });
    fireEvent.click(screen.getByRole('button', { name: /Robot details/ }));
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    // Still here, the changes kept.
    expect(screen.getByTestId('path').textContent).toBe(`/ai/${robot.processId}/flow`);
    expect((screen.getByLabelText('Instructions') as HTMLTextAreaElement).value).toBe('Changed');

    fireEvent.click(screen.getByRole('button', { name: /Robot details/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe(`/ai/${robot.processId}/detail/`));
  });
});
