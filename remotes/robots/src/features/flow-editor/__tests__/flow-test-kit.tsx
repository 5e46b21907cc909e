import { render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { Provider } from 'effector-react';
import type { Scope } from 'effector';
import {
  DebugFlow,
  GetFlow,
  GetRobot,
  i18n,
  ListDatabases,
  ListDatasets,
  ListFlowVersions,
  ListModels,
  loadCatalogs,
  PublishFlow,
  RestoreFlowVersion,
  SaveFlow,
  type DebugFlowResponse,
  type Flow,
  type FlowGraph,
  type Robot,
} from '@flotilla/shared';
import { sharedCatalogs } from '@flotilla/shared/ui';
import { fakeApi, on, refuse, type FakeRequest, type Refusal } from '@flotilla/shared/test';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { catalogs } from '../../../locales';
import { makeDatabase, makeDataset, makeRobot, FAKE_MODELS } from '../../../test/fake-robots-api';
import { FlowEditorPage } from '../ui/flow-editor-page';

/** A flow as the server answers it. */
export function makeFlow(draft: FlowGraph, patch: Partial<Flow> = {}): Flow {
  return {
    version: 'v3',
    draft,
    published: draft,
    publishedAt: '2024-05-02T09:30:00.000Z',
    publishedVersionId: 'v1',
    updatedAt: '2024-05-02T09:30:00.000Z',
    ...patch,
  };
}

/** A runnable graph: start → reply → end. */
export function replyGraph(text = 'Hello'): FlowGraph {
  return {
    nodes: [
      { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
      { id: 'reply_1', type: 'reply', position: { x: 0, y: 150 }, data: { text } },
      { id: 'end_1', type: 'end', position: { x: 0, y: 300 }, data: {} },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'reply_1' },
      { id: 'e2', source: 'reply_1', target: 'end_1' },
    ],
  };
}

type Overrides = {
  save?: (body: unknown) => Refusal | undefined;
  debug?: () => DebugFlowResponse;
};

/** A fake server holding one robot and its flow (null: a simple robot without one). */
export function fakeFlowApi(robot: Robot, flow: Flow | null, overrides: Overrides = {}) {
  let current = flow;
  const saved: unknown[] = [];
  const requests: FakeRequest[] = fakeApi([
    on(GetRobot, ({ params }) => (params.processId === robot.processId ? robot : refuse(404, 'ROBOT_NOT_FOUND'))),
    on(GetFlow, () => current ?? refuse(404, 'FLOW_NOT_FOUND', 'This robot has no flow')),
    on(SaveFlow, ({ body }) => {
      const refused = overrides.save?.(body);
      if (refused) return refused;
      saved.push(body);
      const draft = { nodes: body.nodes, edges: body.edges } as FlowGraph;
      current = current
        ? { ...current, version: 'v3', draft }
        : makeFlow(draft, { published: null, publishedAt: null, publishedVersionId: null });
      return current;
    }),
    on(PublishFlow, () => {
      if (!current) return refuse(404, 'FLOW_NOT_FOUND');
      current = { ...current, published: current.draft, publishedAt: '2024-06-01T10:00:00.000Z' };
      return current;
    }),
    on(DebugFlow, () => overrides.debug?.() ?? { answer: 'Hi', trace: [], sessionId: 'dbg1' }),
    on(ListFlowVersions, () => ({
      list: [
        {
          id: 'ver1',
          number: 1,
          version: 'v3' as const,
          nodeCount: 3,
          publishedAt: '2024-05-02T09:30:00.000Z',
          publishedBy: 'admin',
        },
      ],
      total: 1,
    })),
    on(RestoreFlowVersion, () =>
      current ? { ...current, draft: replyGraph('Restored') } : refuse(404, 'FLOW_NOT_FOUND'),
    ),
    on(ListModels, () => FAKE_MODELS),
    on(ListDatasets, () => ({ list: [makeDataset('d1', 'Manuals')], total: 1 })),
    on(ListDatabases, () => ({ list: [makeDatabase('db1', 'Orders'), makeDatabase('db2', 'Stock')], total: 2 })),
  ]);
  return { requests, saved };
}

/** A robot of type flow. */
export function flowRobot(): Robot {
  return makeRobot({ name: 'Concierge', type: 'flow' });
}

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** Renders the editor at `/ai/{id}/flow/v3` in a data router (as the shell's), with another page to leave to. */
export function renderEditor(processId: string, scope: Scope) {
  loadCatalogs(sharedCatalogs);
  loadCatalogs(catalogs);
  i18n.activate('en-US');
  const router = createMemoryRouter(
    [
      {
        path: '/ai/:id?/flow/v3',
        element: (
          <>
            <FlowEditorPage onlyRenderVisibleElements={false} />
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [`/ai/${processId}/flow/v3`] },
  );
  const view = render(
    <Provider value={scope}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </Provider>,
  );
  return { ...view, router };
}
