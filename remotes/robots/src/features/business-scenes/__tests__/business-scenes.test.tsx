import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CreateBusinessScene,
  GetBusinessScene,
  GetRobot,
  ListBusinessScenes,
  ListDatabases,
  ListDatasets,
  ListSceneTemplates,
  UpdateBusinessScene,
  type BusinessScene,
  type SceneRobot,
  type SceneTemplate,
} from '@flotilla/shared';
import { fakeApi, on, refuse, Refusal, renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeRobotsApi, makeDatabase, makeDataset, makeRobot } from '../../../test/fake-robots-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TEMPLATES: SceneTemplate[] = [
  {
    id: 'after-sales-faq',
    name: 'After-sales FAQ',
    description: 'Looks the answer up in your datasets.',
    fields: [
      { name: 'datasets', label: 'Datasets', kind: 'datasets', required: true },
      { name: 'prompt', label: 'How to answer', kind: 'textarea', required: true, default: 'Be polite.' },
    ],
  },
  {
    id: 'store-info',
    name: 'Opening hours and store info',
    description: 'Answers hours, address and contact with your texts.',
    fields: [
      { name: 'hours', label: 'Opening hours', kind: 'textarea', required: true, default: 'Open 9 to 9.' },
      { name: 'address', label: 'Address', kind: 'text', required: true, default: '1 Main Street' },
    ],
  },
  {
    id: 'order-lookup',
    name: 'Order lookup',
    description: 'Looks the order up in your database.',
    fields: [
      { name: 'databases', label: 'Order databases', kind: 'databases', required: true },
      { name: 'ask', label: 'Asking for the order', kind: 'text', required: true, default: 'Your order number?' },
    ],
  },
  {
    id: 'product-order',
    name: 'Product order',
    description: 'Takes orders for one product.',
    fields: [
      { name: 'product', label: 'Product', kind: 'text', required: true, default: 'Standard plan' },
      { name: 'unitPrice', label: 'Unit price', kind: 'text', required: true, default: '99', format: 'price' },
    ],
  },
];

/** A fake scenes API: the templates above, the scenes given, the tenant's datasets; `refuseCreate` answers a 422. */
function scenesApi(options: { scenes?: SceneRobot[]; stored?: BusinessScene[]; refuseCreate?: boolean } = {}) {
  const scenes = [...(options.scenes ?? [])];
  const stored = [...(options.stored ?? [])];
  const created = makeRobot({ type: 'flow' });
  const requests = fakeApi([
    on(ListSceneTemplates, () => TEMPLATES),
    on(ListBusinessScenes, ({ query }) => ({
      list: scenes.slice(query.offset, query.offset + query.limit),
      total: scenes.length,
    })),
    on(ListDatasets, () => ({ list: [makeDataset('d1', 'Returns policy')], total: 1 })),
    on(ListDatabases, () => ({ list: [makeDatabase('db1', 'Orders')], total: 1 })),
    on(CreateBusinessScene, ({ body }) => {
      if (options.refuseCreate)
        return new Refusal(422, {
          detail: [{ loc: ['body', 'values', 'hours'], msg: 'Too long', type: 'VALIDATION_FAILED' }],
        });
      return { ...created, name: body.name };
    }),
    on(GetRobot, ({ params }) => ({ ...created, processId: params.processId })),
    on(GetBusinessScene, ({ params }) => {
      const scene = stored.find((candidate) => candidate.processId === params.processId);
      return scene ?? refuse(404, 'ROBOT_NOT_FOUND', 'Robot not found');
    }),
    on(UpdateBusinessScene, ({ params, body }) => ({
      processId: params.processId,
      templateId: 'store-info',
      name: body.name ?? 'Shop',
      values: body.values,
    })),
  ]);
  return { requests, created };
}

const sent = (requests: ReturnType<typeof fakeApi>, method: string, path: string) =>
  requests.find((request) => request.method === method && request.path === path);

describe('scene robot list', () => {
  it('lists the scene robots with their templates, and opens their form, flow and detail', async () => {
    const robot = makeRobot({ name: 'Hours desk', type: 'flow' });
    scenesApi({ scenes: [{ robot, templateId: 'store-info' }] });
    renderInShell(<App />, { path: '/business-scene', scope: testScope('operator') });
    const row = (await screen.findByRole('link', { name: 'Hours desk' })).closest('tr')!;
    expect(await within(row).findByText('Opening hours and store info')).toBeTruthy();
    expect(screen.getByText('1 scene robot')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Open the flow of Hours desk in the flow editor' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/ai/${robot.processId}/flow/v3`));
  });

  it('edits a scene from its row', async () => {
    const robot = makeRobot({ name: 'Hours desk', type: 'flow' });
    scenesApi({ scenes: [{ robot, templateId: 'store-info' }] });
    renderInShell(<App />, { path: '/business-scene', scope: testScope('operator') });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the scene of Hours desk' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/business-scene/edit'));
    expect(await screen.findByText('The scene could not be loaded')).toBeTruthy();
  });

  it('says how to start when there is none', async () => {
    scenesApi();
    renderInShell(<App />, { path: '/business-scene', scope: testScope('operator') });
    expect(await screen.findByText('No scene robots yet')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /New scene robot/ })[0]!);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/business-scene/create'));
  });

  it('is reached from the robot list', async () => {
    fakeRobotsApi([]);
    renderInShell(<App />, { path: '/robot', scope: testScope('operator') });
    fireEvent.click(await screen.findByRole('button', { name: /Business scenes/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/business-scene'));
  });

  it('offers no business scenes button to agents', async () => {
    fakeRobotsApi([makeRobot({ name: 'Sales' })]);
    renderInShell(<App />, { path: '/robot', scope: testScope('agent') });
    await screen.findByRole('link', { name: 'Sales' });
    expect(screen.queryByRole('button', { name: /Business scenes/ })).toBeNull();
  });
});

describe('creating a scene robot', () => {
  it("picks a template, fills its form from the template's defaults and creates the robot, then opens it", async () => {
    const { requests, created } = scenesApi();
    renderInShell(<App />, { path: '/business-scene/create', scope: testScope('operator') });
    expect(await screen.findByText('Answers hours, address and contact with your texts.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use the template Opening hours and store info' }));
    const hours = await screen.findByLabelText('Opening hours');
    expect((hours as HTMLTextAreaElement).value).toBe('Open 9 to 9.');
    fireEvent.change(hours, { target: { value: 'Open 8 to 8.' } });
    fireEvent.change(screen.getByLabelText('Robot name'), { target: { value: 'Main Street shop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create robot' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/ai/${created.processId}/detail/`));
    expect(sent(requests, 'POST', '/v1/business-scenes')?.body).toEqual({
      templateId: 'store-info',
      name: 'Main Street shop',
      values: { hours: 'Open 8 to 8.', address: '1 Main Street' },
    });
  });

  it('asks for a required field before sending anything', async () => {
    const { requests } = scenesApi();
    renderInShell(<App />, { path: '/business-scene/create', scope: testScope('operator') });
    fireEvent.click(await screen.findByRole('button', { name: 'Use the template Opening hours and store info' }));
    fireEvent.change(await screen.findByLabelText('Address'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create robot' }));
    expect(await screen.findByText('Please fill in this field')).toBeTruthy();
    expect(sent(requests, 'POST', '/v1/business-scenes')).toBeUndefined();
  });

  it('asks for an amount in a price field before sending anything', async () => {
    const { requests } = scenesApi();
    renderInShell(<App />, { path: '/business-scene/create', scope: testScope('operator') });
    fireEvent.click(await screen.findByRole('button', { name: 'Use the template Product order' }));
    fireEvent.change(await screen.findByLabelText('Unit price'), { target: { value: '12.345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create robot' }));
    expect(await screen.findByText('Enter an amount such as 99 or 12.50 (at most two decimals)')).toBeTruthy();
    expect(sent(requests, 'POST', '/v1/business-scenes')).toBeUndefined();
    fireEvent.change(screen.getByLabelText('Unit price'), { target: { value: '12.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create robot' }));
    await waitFor(() =>
      expect(sent(requests, 'POST', '/v1/business-scenes')?.body).toMatchObject({
        values: { unitPrice: '12.50' },
      }),
    );
  });

  it('asks for the databases of a databases field and sends their ids', async () => {
    const { requests, created } = scenesApi();
    renderInShell(<App />, { path: '/business-scene/create', scope: testScope('operator') });
    fireEvent.click(await screen.findByRole('button', { name: 'Use the template Order lookup' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create robot' }));
    expect(await screen.findByText('Please fill in this field')).toBeTruthy();
    expect(sent(requests, 'POST', '/v1/business-scenes')).toBeUndefined();
    fireEvent.click(screen.getByRole('combobox', { name: 'Order databases' }));
    fireEvent.click(await screen.findByRole('option', { name: /Orders/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create robot' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/ai/${created.processId}/detail/`));
    expect(sent(requests, 'POST', '/v1/business-scenes')?.body).toEqual({
      templateId: 'order-lookup',
      name: 'Order lookup',
      values: { databases: ['db1'], ask: 'Your order number?' },
    });
  });

  it("shows the server's refusal above the form", async () => {
    scenesApi({ refuseCreate: true });
    renderInShell(<App />, { path: '/business-scene/create', scope: testScope('operator') });
    fireEvent.click(await screen.findByRole('button', { name: 'Use the template Opening hours and store info' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create robot' }));
    expect(await screen.findByText('The robot was not created')).toBeTruthy();
    expect(screen.getByText('Too long')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/business-scene/create');
  });
});

describe('editing a scene robot', () => {
  it('fills the form with the scene, warns that the flow is rebuilt, and saves the new values', async () => {
    const stored: BusinessScene = {
      processId: 'p-faq',
      templateId: 'after-sales-faq',
      name: 'Returns desk',
      values: { datasets: ['d1'], prompt: 'One sentence.' },
    };
    const { requests } = scenesApi({ stored: [stored] });
    renderInShell(<App />, { path: '/business-scene/edit?id=p-faq', scope: testScope('operator') });
    expect(await screen.findByText(/changes made to this robot in the flow editor are replaced/)).toBeTruthy();
    expect(await screen.findByText('Returns policy')).toBeTruthy();
    const prompt = screen.getByLabelText('How to answer');
    expect((prompt as HTMLTextAreaElement).value).toBe('One sentence.');
    fireEvent.change(prompt, { target: { value: 'Two sentences.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and publish' }));
    await waitFor(() =>
      expect(sent(requests, 'PUT', '/v1/business-scenes/p-faq')?.body).toEqual({
        name: 'Returns desk',
        values: { datasets: ['d1'], prompt: 'Two sentences.' },
      }),
    );
    expect(await screen.findByText('Scene saved and published')).toBeTruthy();
  });

  it('shows a failure with Retry for a robot that is not there', async () => {
    scenesApi();
    renderInShell(<App />, { path: '/business-scene/edit?id=gone', scope: testScope('operator') });
    expect(await screen.findByText('The scene could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
