import {
  BindRobotTags,
  CHUNK_LIMITS,
  CloneRobot,
  CreateApiSecret,
  CreateRobot,
  CreateRobotTag,
  DEFAULT_BASIC_CONFIG,
  DEFAULT_SEPARATORS,
  DEFAULT_THEME_COLOR,
  DeleteApiSecret,
  DeleteRobot,
  DeleteRobotTag,
  DisableDbSearch,
  DisableLibrarySearch,
  DisableRobot,
  DisableShare,
  EnableDbSearch,
  EnableLibrarySearch,
  EnableRobot,
  EnableShare,
  GetBasicConfig,
  GetCaseForm,
  GetRobot,
  GetRobotAnswer,
  GetShare,
  ListDatabases,
  ListApiSecrets,
  ListDatasets,
  ListModels,
  ListRobotAnswers,
  ListRobots,
  ListRobotSessions,
  ListRobotTags,
  PutCaseForm,
  RenameRobotTag,
  SetAnswerChecked,
  UpdateBasicConfig,
  UpdatePreset,
  UpdateRobot,
  UpdateShare,
  UploadRobotIcon,
  type ApiSecret,
  type BasicConfig,
  type CaseForm,
  type CompletionLog,
  type Database,
  type Dataset,
  type ErrorResponse,
  type ModelOption,
  type Robot,
  type RobotSession,
  type RobotTag,
  type ShareSettings,
  type TraceStep,
  type ValidationError,
} from '@flotilla/shared';
import {
  fakeApi,
  on,
  Refusal,
  refuse,
  type FakeRequest,
  type FakeResponse,
  type FakeRoute,
} from '@flotilla/shared/test';

let sequence = 0;

/** A robot as the server answers it; fields not given get plain values. */
export function makeRobot(patch: Partial<Robot> = {}): Robot {
  sequence += 1;
  return {
    processId: `p${sequence}`,
    adminId: 'u1',
    name: `Robot ${sequence}`,
    description: '',
    icon: '',
    type: 'simple',
    enabled: true,
    tags: [],
    createdAt: '2024-05-01T08:00:00.000Z',
    updatedAt: '2024-05-02T09:30:00.000Z',
    ...patch,
  };
}

/** A dataset as the server lists it. */
export function makeDataset(id: string, name: string): Dataset {
  return {
    id,
    name,
    description: '',
    fileCount: 0,
    segmentCount: 0,
    chunkSize: CHUNK_LIMITS.chunkSize.default,
    overlap: CHUNK_LIMITS.overlap.default,
    separators: [...DEFAULT_SEPARATORS],
    embeddingModel: null,
    createdAt: '2024-05-01T08:00:00.000Z',
    updatedAt: '2024-05-01T08:00:00.000Z',
  };
}

/** A built-in database as the server lists it. */
export function makeDatabase(id: string, name: string): Database {
  return {
    id,
    name,
    kind: 'builtin',
    host: '',
    port: 0,
    database: '',
    user: '',
    createdAt: '2024-05-01T08:00:00.000Z',
    updatedAt: '2024-05-01T08:00:00.000Z',
    hasPassword: false,
  };
}

/** The models the fake server offers. */
export const FAKE_MODELS: ModelOption[] = [
  { id: 'builtin', name: 'Built-in (no model)', provider: 'builtin', price: 0 },
  { id: 'gpt-4o', name: 'GPT-4o', provider: 'openai', price: 3 },
];

/** The share settings of a robot that was never shared. */
export function defaultShare(robot: Robot): ShareSettings {
  return {
    shareId: `s-${robot.processId}`,
    processId: robot.processId,
    name: robot.name,
    icon: robot.icon,
    welcome: '',
    suggestedQuestions: [],
    themeColor: DEFAULT_THEME_COLOR,
    enabled: false,
    allowedOrigins: [],
    rateLimitPerMinute: 60,
    expiresAt: null,
  };
}

/** A chat session of a robot as its logs list it. */
export function makeSession(patch: Partial<RobotSession> = {}): RobotSession {
  sequence += 1;
  return {
    sessionId: `s${sequence}`,
    title: `Session ${sequence}`,
    userId: 'visitor-1',
    channel: 'visitor',
    completions: 1,
    updatedAt: '2024-05-03T10:00:00.000Z',
    ...patch,
  };
}

/** An answer as a robot's logs show it. */
export function makeAnswer(patch: Partial<CompletionLog> = {}): CompletionLog {
  sequence += 1;
  return {
    id: `c${sequence}`,
    sessionId: 's1',
    processId: 'p1',
    question: `Question ${sequence}?`,
    answer: `Answer ${sequence}.`,
    images: [],
    files: [],
    citations: [],
    status: 'done',
    feedback: null,
    feedbackText: '',
    checked: false,
    createdAt: '2024-05-03T10:00:00.000Z',
    userId: 'visitor-1',
    channel: 'visitor',
    model: 'builtin',
    usage: { promptTokens: 12, completionTokens: 30, totalTokens: 42 },
    latencyMs: 850,
    cost: 0,
    errorCode: null,
    ...patch,
  };
}

/** What the fake server holds beside the robots. */
export type FakeRobotsState = {
  datasets?: Dataset[];
  databases?: Database[];
  basic?: Record<string, BasicConfig>;
  shares?: Record<string, ShareSettings>;
  tags?: RobotTag[];
  secrets?: ApiSecret[];
  /** The sessions `ListRobotSessions` lists (for any robot). */
  sessions?: RobotSession[];
  answers?: CompletionLog[];
  /** The trace each answer's detail carries, by answer id (none: an empty trace). */
  traces?: Record<string, TraceStep[]>;
  /** Case forms by robot id (none: disabled, without fields). */
  caseForms?: Record<string, CaseForm>;
};

/** The secret the fake server answers for its `n`-th created API secret. */
export function fakeSecret(n: number): string {
  return `sk-flotilla-${String(n).padStart(4, '0')}-0123456789abcdef0123456789abcdef`;
}

const robotNotFound = () => refuse(404, 'ROBOT_NOT_FOUND', 'Robot not found');

/** A test's override as a fake route answers: a refusal for an error status, else the body (checked against the contract). */
function overrideAnswer(response: FakeResponse | undefined): unknown {
  if (response === undefined || response instanceof Response) return response;
  const status = response.status ?? 200;
  return status >= 400 ? new Refusal(status, response.body as ErrorResponse | ValidationError) : response.body;
}

/**
 * An in-memory robots API made of the endpoints' descriptors, behaving like the server's (keyword and
 * tag filters, offset/limit, create first in the list, delete, 404, enable/disable, clone, basic config
 * with its switches, preset, share settings, models, datasets, databases, tags, icon upload, API secrets (each
 * shown once, listed by prefix), sessions and answers with their filters, checked state and traces). Requests
 * and answers are checked against the contracts. `override` answers a request first when it returns
 * (typically a failure).
 */
export function fakeRobotsApi(
  initial: Robot[] = [],
  override?: (request: FakeRequest) => FakeResponse | undefined,
  state: FakeRobotsState = {},
) {
  const robots = [...initial];
  const datasets = state.datasets ?? [];
  const databases = state.databases ?? [];
  const basic: Record<string, BasicConfig> = { ...state.basic };
  const shares: Record<string, ShareSettings> = { ...state.shares };
  // Copies: the fake changes tags and answers in place, and tests share their fixtures.
  const tags: RobotTag[] = (state.tags ?? []).map((tag) => ({ ...tag }));
  const secrets: ApiSecret[] = [...(state.secrets ?? [])];
  const sessions: RobotSession[] = [...(state.sessions ?? [])];
  const answers: CompletionLog[] = (state.answers ?? []).map((answer) => ({ ...answer }));
  let created = 0;
  const page = <T>(items: T[], { offset, limit }: { offset: number; limit: number }) => ({
    list: items.slice(offset, offset + limit),
    total: items.length,
  });
  const find = (processId: string) => robots.find((robot) => robot.processId === processId);
  const basicOf = (robot: Robot) =>
    (basic[robot.processId] ??= { ...DEFAULT_BASIC_CONFIG, datasetIds: [], databaseIds: [] });
  const shareOf = (robot: Robot) => (shares[robot.processId] ??= defaultShare(robot));
  const withRobot = <T>(processId: string, answer: (robot: Robot) => T) => {
    const robot = find(processId);
    return robot ? answer(robot) : robotNotFound();
  };
  const tagConflict = (name: string, self?: RobotTag) =>
    tags.some((other) => other !== self && other.name === name)
      ? refuse(409, 'CONFLICT', 'A tag with this name exists')
      : undefined;

  const robotRoutes = [
    on(ListRobots, ({ query }) => {
      const keyword = query.keyword?.toLowerCase();
      const matching = robots.filter(
        (robot) =>
          (!keyword || robot.name.toLowerCase().includes(keyword)) &&
          (!query.tagId || robot.tags.some((tag) => tag.id === query.tagId)),
      );
      return page(matching, query);
    }),
    on(CreateRobot, ({ body }) => {
      const robot = makeRobot({
        name: body.name,
        description: body.description ?? '',
        type: body.type ?? 'simple',
        icon: body.icon ?? '',
      });
      robots.unshift(robot);
      return robot;
    }),
    on(GetRobot, ({ params }) => withRobot(params.processId, (robot) => robot)),
    on(UpdateRobot, ({ params, body }) => {
      const index = robots.findIndex((robot) => robot.processId === params.processId);
      if (index < 0) return robotNotFound();
      robots[index] = { ...robots[index]!, ...body, updatedAt: '2024-06-01T10:00:00.000Z' };
      return robots[index];
    }),
    on(DeleteRobot, ({ params }) => {
      const index = robots.findIndex((robot) => robot.processId === params.processId);
      if (index < 0) return robotNotFound();
      robots.splice(index, 1);
      return { ok: true as const };
    }),
    on(CloneRobot, ({ params }) =>
      withRobot(params.processId, (robot) => {
        const copy = makeRobot({ name: `${robot.name} (copy)`, description: robot.description, type: robot.type });
        robots.unshift(copy);
        return copy;
      }),
    ),
    ...(
      [
        [EnableRobot, true],
        [DisableRobot, false],
      ] as const
    ).map(([call, enabled]) =>
      on(call, ({ params }) => withRobot(params.processId, (robot) => Object.assign(robot, { enabled }))),
    ),
    on(UploadRobotIcon, () => ({ url: `/files/icons/icon-${(created += 1)}.png` })),
  ];

  const configRoutes = [
    on(GetBasicConfig, ({ params }) => withRobot(params.processId, basicOf)),
    on(UpdateBasicConfig, ({ params, body }) =>
      withRobot(params.processId, (robot) => {
        if (body.model !== undefined && !FAKE_MODELS.some((model) => model.id === body.model))
          return refuse(400, 'BAD_REQUEST', 'Unknown model');
        return Object.assign(basicOf(robot), body);
      }),
    ),
    ...(
      [
        [EnableLibrarySearch, { librarySearch: true }],
        [DisableLibrarySearch, { librarySearch: false }],
        [EnableDbSearch, { dbSearch: true }],
        [DisableDbSearch, { dbSearch: false }],
      ] as const
    ).map(([call, change]) =>
      on(call, ({ params }) => withRobot(params.processId, (robot) => Object.assign(basicOf(robot), change))),
    ),
    on(UpdatePreset, ({ params, body }) =>
      withRobot(params.processId, (robot) => {
        const { welcome, suggestedQuestions } = Object.assign(shareOf(robot), body);
        return { welcome, suggestedQuestions };
      }),
    ),
    on(ListModels, () => FAKE_MODELS),
    on(ListDatasets, ({ query }) => page(datasets, query)),
    on(ListDatabases, ({ query }) => page(databases, query)),
    on(GetShare, ({ params }) => withRobot(params.processId, shareOf)),
    on(UpdateShare, ({ params, body }) => withRobot(params.processId, (robot) => Object.assign(shareOf(robot), body))),
    ...(
      [
        [EnableShare, true],
        [DisableShare, false],
      ] as const
    ).map(([call, enabled]) =>
      on(call, ({ params }) => withRobot(params.processId, (robot) => Object.assign(shareOf(robot), { enabled }))),
    ),
  ];

  const tagRoutes = [
    on(ListRobotTags, () => [...tags].sort((a, b) => a.name.localeCompare(b.name))),
    on(CreateRobotTag, ({ body }) => {
      const conflict = tagConflict(body.name);
      if (conflict) return conflict;
      const tag = { id: `t${(created += 1)}`, name: body.name };
      tags.push(tag);
      return tag;
    }),
    on(BindRobotTags, ({ body }) =>
      withRobot(body.processId, (robot) =>
        Object.assign(robot, { tags: tags.filter((tag) => body.tagIds.includes(tag.id)) }),
      ),
    ),
    on(RenameRobotTag, ({ params, query }) => {
      const tag = tags.find((candidate) => candidate.id === params.id);
      if (!tag) return refuse(404, 'NOT_FOUND', 'Tag not found');
      const conflict = tagConflict(query.name, tag);
      if (conflict) return conflict;
      tag.name = query.name;
      for (const robot of robots) robot.tags = robot.tags.map((bound) => (bound.id === tag.id ? { ...tag } : bound));
      return tag;
    }),
    on(DeleteRobotTag, ({ params }) => {
      const tag = tags.find((candidate) => candidate.id === params.id);
      if (!tag) return refuse(404, 'NOT_FOUND', 'Tag not found');
      tags.splice(tags.indexOf(tag), 1);
      for (const robot of robots) robot.tags = robot.tags.filter((bound) => bound.id !== tag.id);
      return { ok: true as const };
    }),
  ];

  const secretRoutes = [
    on(ListApiSecrets, ({ query }) => secrets.filter((secret) => secret.processId === query.processId)),
    on(CreateApiSecret, ({ body }) =>
      withRobot(body.processId, () => {
        const secret = fakeSecret((created += 1));
        const id = `k${created}`;
        secrets.push({
          id,
          processId: body.processId,
          name: body.name,
          prefix: secret.slice(0, 16),
          createdAt: '2024-05-04T08:00:00.000Z',
          lastUsedAt: null,
        });
        return { id, secret };
      }),
    ),
    on(DeleteApiSecret, ({ params }) => {
      const index = secrets.findIndex((secret) => secret.id === params.id);
      if (index < 0) return refuse(404, 'SECRET_NOT_FOUND', 'API secret not found');
      secrets.splice(index, 1);
      return { ok: true as const };
    }),
  ];

  const findAnswer = (id: string) => answers.find((answer) => answer.id === id);
  const answerNotFound = () => refuse(404, 'COMPLETION_NOT_FOUND', 'Answer not found');
  const logRoutes = [
    on(ListRobotSessions, ({ body }) => page(sessions, body)),
    on(ListRobotAnswers, ({ query }) => {
      const matching = answers.filter(
        (answer) =>
          answer.processId === query.processId &&
          (query.sessionId === undefined || answer.sessionId === query.sessionId) &&
          (query.feedback === undefined || answer.feedback === query.feedback) &&
          (query.checked === undefined || answer.checked === query.checked),
      );
      return page(matching, query);
    }),
    on(GetRobotAnswer, ({ params }) => {
      const answer = findAnswer(params.completionId);
      return answer ? { ...answer, trace: state.traces?.[answer.id] ?? [] } : answerNotFound();
    }),
    on(SetAnswerChecked, ({ params, body }) => {
      const answer = findAnswer(params.completionId);
      return answer ? Object.assign(answer, { checked: body.checked }) : answerNotFound();
    }),
  ];

  const caseForms: Record<string, CaseForm> = { ...state.caseForms };
  const caseFormRoutes = [
    on(GetCaseForm, ({ params }) =>
      withRobot(params.id, (robot) => caseForms[robot.processId] ?? { enabled: false, fields: [] }),
    ),
    on(PutCaseForm, ({ params, body }) => withRobot(params.id, (robot) => (caseForms[robot.processId] = body))),
  ];

  const routes: FakeRoute[] = [
    ...robotRoutes,
    ...configRoutes,
    ...tagRoutes,
    ...secretRoutes,
    ...logRoutes,
    ...caseFormRoutes,
  ];
  const requests = fakeApi(
    routes.map(({ endpoint, answer }) => ({
      endpoint,
      answer: (call) => overrideAnswer(override?.(call.request)) ?? answer(call),
    })),
  );
  return { robots, basic, shares, tags, secrets, sessions, answers, caseForms, requests };
}
