import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import {
  createItemLoader,
  HttpError,
  toFailure,
  type Dataset,
  type Failure,
  type FlowGraph,
  type ModelOption,
  type V1StepType,
} from '@flotilla/shared';
import { compileV1, type FlowIssue } from '@flotilla/shared/flows';
import { showSuccessFx } from '@flotilla/shared/ui';
import { listDatasets, listModels } from '../../lib/robot-sources';
import { getFlowPage, type FlowAnswer, type FlowPage } from './api/get-flow-page';
import { publishFlow } from './api/publish-flow';
import { saveFlow } from './api/save-flow';
import {
  issuesOfDetail,
  moveStep,
  newStep,
  sameSteps,
  saveBody,
  starterSteps,
  stepIssues,
  stepsOfGraph,
  type ValidationDetail,
  type V1Step,
} from './lib/steps';

/** What the page shows once the robot is loaded: its v1 steps, an offer to start some, or a pointer to v3. */
export type FlowV1Mode = 'steps' | 'none' | 'v3';

/** The robot and its flow, loaded by the id of the route. */
const flowPage = createItemLoader<FlowPage>({ fetchOne: getFlowPage, itemKey: (page) => page.robot.processId });

/** The editor was opened for a robot id (the route's id is optional, so it may be missing). */
export const flowV1Opened = flowPage.opened;
/** The user asked to load the robot and its flow again after a failure. */
export const flowV1RetryClicked = flowPage.reloadRequested;
/** A robot without a flow: the user started a v1 flow (unsaved until saved). */
export const v1FlowStarted = createEvent();
/** The user added a step of a type at the end. */
export const stepAdded = createEvent<V1StepType>();
/** The user removed a step. */
export const stepRemoved = createEvent<string>();
/** The user moved a step up (-1) or down (1). */
export const stepMoved = createEvent<{ id: string; by: -1 | 1 }>();
/** The user changed a step's fields (its whole new data). */
export const stepChanged = createEvent<{ id: string; data: V1Step['data'] }>();
/** The user asked to save the steps as the flow's draft. */
export const flowSaveClicked = createEvent();
/** The user asked to publish the saved draft. */
export const flowPublishClicked = createEvent();
/** The user confirmed turning the v1 flow into a v3 graph. */
export const convertConfirmed = createEvent();
/** The page went to the v3 editor after converting. */
export const convertedOpened = createEvent();

type SaveParams = { processId: string; steps: V1Step[] };
type ConvertParams = { processId: string; graph: FlowGraph };

export const loadFlowPageFx = flowPage.loadFx;
export const saveFlowFx = createEffect(({ processId, steps }: SaveParams) =>
  saveFlow({ processId, body: saveBody(steps) }),
);
export const publishFlowFx = createEffect(publishFlow);
export const convertFlowFx = createEffect(({ processId, graph }: ConvertParams) =>
  saveFlow({ processId, body: { version: 'v3', ...graph } }),
);
export const loadModelsFx = createEffect(listModels);
export const loadDatasetsFx = createEffect(listDatasets);

export const $processId = flowPage.$id;
export const $pageStatus = flowPage.$status;
export const $pageFailure = flowPage.$failure;
export const $robot = flowPage.$item.map((page) => page?.robot ?? null);
const pageLoaded = sample({
  clock: loadFlowPageFx.done,
  source: $processId,
  filter: (id, { params }) => id === params,
  fn: (_, { result }) => result,
});
// Answers for a robot no longer on screen are dropped.
const saved = sample({
  clock: saveFlowFx.done,
  source: $processId,
  filter: (id, { params }) => id === params.processId,
  fn: (_, done) => done,
});
const published = sample({
  clock: publishFlowFx.done,
  source: $processId,
  filter: (id, { params }) => id === params,
  fn: (_, { result }) => result,
});
const converted = sample({
  clock: convertFlowFx.done,
  source: $processId,
  filter: (id, { params }) => id === params.processId,
  fn: (id) => id as string,
});

/** The flow as the server last answered it (load, save, publish), `null` while the robot has none. */
export const $flow = createStore<FlowAnswer | null>(null, { skipVoid: false })
  .on(pageLoaded, (_, page) => page.flow)
  .on(saved, (_, { result }) => result)
  .on(published, (_, flow) => flow)
  .reset(flowV1Opened);
/** The steps on screen, as edited. */
export const $steps = createStore<V1Step[]>([])
  .on(pageLoaded, (_, { flow }) => (flow?.version === 'v1' ? stepsOfGraph(flow.draft) : []))
  .on(v1FlowStarted, () => starterSteps())
  .on(stepAdded, (steps, type) => [...steps, newStep(type, steps)])
  .on(stepRemoved, (steps, id) => steps.filter((step) => step.id !== id))
  .on(stepMoved, (steps, { id, by }) => moveStep(steps, id, by))
  .on(stepChanged, (steps, { id, data }) =>
    steps.map((step) => (step.id === id ? ({ ...step, data } as V1Step) : step)),
  )
  .reset(flowV1Opened);
/** The steps as last saved (`null` before the first save of a new flow): what "unsaved changes" compares with. */
export const $savedSteps = createStore<V1Step[] | null>(null, { skipVoid: false })
  .on(pageLoaded, (_, { flow }) => (flow?.version === 'v1' ? stepsOfGraph(flow.draft) : null))
  .on(saved, (_, { params }) => params.steps)
  .reset(flowV1Opened);
/** Whether the user started a v1 flow that was never saved. */
const $started = createStore(false)
  .on(v1FlowStarted, () => true)
  .reset(flowV1Opened, saved);
export const $mode = combine($flow, $started, (flow, started): FlowV1Mode =>
  flow?.version === 'v3' ? 'v3' : flow || started ? 'steps' : 'none',
);
export const $dirty = combine($steps, $savedSteps, $started, (steps, saved, started) =>
  saved === null ? started : !sameSteps(steps, saved),
);

/** Why the steps cannot run, as checked here (the server checks the same on save). */
export const $localIssues = $steps.map(stepIssues);
/** Whether the user tried to save or convert: the local issues show from then on. */
const $attempted = createStore(false)
  .on([flowSaveClicked, convertConfirmed], () => true)
  .reset(flowV1Opened);
const saveRefused = createEvent<FlowIssue[]>();
/** What the server refused in the last save, until the step it names is changed or removed. */
const $serverIssues = createStore<FlowIssue[]>([])
  .on(saveRefused, (_, issues) => issues)
  .on([stepChanged, stepRemoved], (issues, change) => {
    const id = typeof change === 'string' ? change : change.id;
    return issues.filter((issue) => issue.nodeId !== id);
  })
  .reset(flowV1Opened, saved);
/** The issues on screen: the local ones once the user tried to save, and the server's. */
export const $issues = combine($localIssues, $attempted, $serverIssues, (local, attempted, server) => [
  ...(attempted ? local : []),
  ...server,
]);
/** Whether the last save was refused for the steps (they are marked). */
export const $refusedForSteps = $serverIssues.map((issues) => issues.length > 0);

/** Why the last save, publish or conversion failed (other than the steps' issues), until the next try. */
export const $actionFailure = createStore<Failure | null>(null, { skipVoid: false }).reset(
  flowV1Opened,
  flowSaveClicked,
  flowPublishClicked,
  convertConfirmed,
);
export const $saving = saveFlowFx.pending;
export const $publishing = publishFlowFx.pending;
export const $converting = convertFlowFx.pending;
/** The robot whose flow was just converted, for the page to open its v3 editor; cleared once opened. */
export const $converted = createStore<string | null>(null, { skipVoid: false })
  .on(converted, (_, processId) => processId)
  .reset(flowV1Opened, convertedOpened);
/** The models a step may use, and the tenant's datasets. */
export const $models = createStore<ModelOption[]>([]).on(loadModelsFx.doneData, (_, models) => models);
export const $datasets = createStore<Dataset[]>([]).on(loadDatasetsFx.doneData, (_, page) => page.list);
export const $datasetsLoading = loadDatasetsFx.pending;

sample({ clock: pageLoaded, fn: ({ robot }) => robot.adminId, target: loadModelsFx });
sample({ clock: pageLoaded, target: loadDatasetsFx });

const busy = { saving: $saving, converting: $converting, publishing: $publishing };
const $ready = combine({ processId: $processId, steps: $steps, issues: $localIssues, ...busy });
const canSend = (state: { processId: string | null; issues: FlowIssue[] } & Record<keyof typeof busy, boolean>) =>
  state.processId !== null && state.issues.length === 0 && !state.saving && !state.converting && !state.publishing;

sample({
  clock: flowSaveClicked,
  source: $ready,
  filter: canSend,
  fn: ({ processId, steps }): SaveParams => ({ processId: processId as string, steps }),
  target: saveFlowFx,
});
sample({ clock: saved, fn: () => ({ id: 'robots.flowV1.saved' }), target: showSuccessFx });

/** A refused save's 422 details, when the refusal is about the flow's content. */
const detailOf = (error: unknown): ValidationDetail[] | null => {
  if (!(error instanceof HttpError) || error.status !== 422) return null;
  const detail = (error.body as { detail?: unknown } | null)?.detail;
  return Array.isArray(detail) && detail.length > 0 ? (detail as ValidationDetail[]) : null;
};
sample({
  clock: saveFlowFx.fail,
  filter: ({ error }) => detailOf(error) !== null,
  fn: ({ error, params }) => issuesOfDetail(detailOf(error) as ValidationDetail[], params.steps),
  target: saveRefused,
});
sample({
  clock: saveFlowFx.fail,
  filter: ({ error }) => detailOf(error) === null,
  fn: ({ error }) => toFailure(error),
  target: $actionFailure,
});
// A refused conversion names nodes of a graph the user does not see here: it is said as a failure.
sample({ clock: convertFlowFx.failData, fn: toFailure, target: $actionFailure });

sample({
  clock: flowPublishClicked,
  source: { processId: $processId, dirty: $dirty, saved: $savedSteps, ...busy },
  filter: ({ processId, dirty, saved, saving, converting, publishing }) =>
    processId !== null && saved !== null && !dirty && !saving && !converting && !publishing,
  fn: ({ processId }) => processId as string,
  target: publishFlowFx,
});
sample({ clock: publishFlowFx.failData, fn: toFailure, target: $actionFailure });
sample({ clock: published, fn: () => ({ id: 'robots.flowV1.published' }), target: showSuccessFx });

sample({
  clock: convertConfirmed,
  source: $ready,
  filter: canSend,
  fn: ({ processId, steps }): ConvertParams => ({
    processId: processId as string,
    graph: compileV1(saveBody(steps).nodes),
  }),
  target: convertFlowFx,
});
// The v1 form is no longer used: nothing left unsaved on it.
sample({ clock: converted, source: $steps, target: $savedSteps });
