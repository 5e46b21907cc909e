import {
  GetFlow,
  GetRobot,
  ListDatasets,
  ListModels,
  PublishFlow,
  SaveFlow,
  type EndpointAnswer,
  type Robot,
  type SaveFlowBody,
} from '@flotilla/shared';
import { flowIssueDetail, validateFlow } from '@flotilla/shared/flows';
import { fakeApi, on, Refusal, refuse, type FakeRequest } from '@flotilla/shared/test';
import { FAKE_MODELS, makeDataset } from '../../../test/fake-robots-api';

type FlowAnswer = EndpointAnswer<typeof GetFlow>;

/** A flow as the server answers it, drafted from `body`, never published. */
export function makeFlow(body: SaveFlowBody): FlowAnswer {
  const { version, ...draft } = body;
  return {
    version,
    draft,
    published: null,
    publishedAt: null,
    publishedVersionId: null,
    updatedAt: '2024-05-02T09:30:00.000Z',
  };
}

/** The datasets the fake tenant has. */
export const FAKE_DATASETS = [makeDataset('d1', 'Returns policy'), makeDataset('d2', 'Opening hours')];

/**
 * The calls the v1 editor makes, as the server answers them: a robot (404 for another id), its flow
 * (404 while it has none), saving (422 naming the node and field when the flow cannot run; a simple
 * robot's first save makes it a flow robot), publishing, models and datasets. `refuse` answers a
 * request first when it returns a refusal.
 */
export function fakeFlowApi(
  robot: Robot,
  flow: FlowAnswer | null,
  refuseFirst?: (request: FakeRequest) => Refusal | undefined,
) {
  const state = { robot: { ...robot }, flow, saves: [] as SaveFlowBody[] };
  const own = (processId: string) => processId === robot.processId;
  const requests = fakeApi([
    on(GetRobot, ({ params }) => (own(params.processId) ? state.robot : refuse(404, 'ROBOT_NOT_FOUND'))),
    on(GetFlow, ({ params }) =>
      own(params.processId) && state.flow ? state.flow : refuse(404, 'FLOW_NOT_FOUND', 'This robot has no flow'),
    ),
    on(SaveFlow, ({ params, body, request }) => {
      if (!own(params.processId)) return refuse(404, 'ROBOT_NOT_FOUND');
      const refused = refuseFirst?.(request);
      if (refused) return refused;
      const checked = validateFlow(body.version, body);
      if (!checked.ok) return new Refusal(422, { detail: flowIssueDetail(checked.issues) });
      state.saves.push(body as SaveFlowBody);
      state.robot.type = 'flow';
      state.flow = { ...makeFlow(body as SaveFlowBody), published: state.flow?.published ?? null };
      return state.flow;
    }),
    on(PublishFlow, ({ params }) => {
      if (!own(params.processId) || !state.flow) return refuse(404, 'FLOW_NOT_FOUND');
      state.flow = {
        ...state.flow,
        published: state.flow.draft,
        publishedAt: '2024-06-01T10:00:00.000Z',
        publishedVersionId: 'v1',
      };
      return state.flow;
    }),
    on(ListModels, () => FAKE_MODELS),
    on(ListDatasets, ({ query }) => ({
      list: FAKE_DATASETS.slice(query.offset, query.offset + query.limit),
      total: FAKE_DATASETS.length,
    })),
  ]);
  return { state, requests };
}
