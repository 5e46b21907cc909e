import {
  GetCase,
  ListActingUsers,
  ListCaseTeams,
  ListCaseCompletions,
  ListCases,
  ListRobots,
  SplitCase,
  UpdateCase,
  type ActingUser,
  type Case,
  type CaseMessage,
  type CaseTeam,
  type CaseSplit,
  type Robot,
} from '@flotilla/shared';
import {
  fakeApi,
  on,
  refuse,
  type FakeCall,
  type FakeRequest,
  type FakeRoute,
  type Refusal,
} from '@flotilla/shared/test';

let sequence = 0;

/** A case as the server answers it; fields not given get plain values. */
export function makeCase(patch: Partial<Case> = {}): Case {
  sequence += 1;
  return {
    id: `c${sequence}`,
    processId: 'p1',
    processName: 'Sales robot',
    title: `Case ${sequence}`,
    customer: 'Li Lei',
    phone: '13800000000',
    status: 'new',
    checked: false,
    source: 'caseForm',
    form: {},
    sessionId: null,
    teamId: null,
    teamName: '',
    assigneeId: null,
    assigneeName: '',
    notes: '',
    createdAt: '2024-05-01T08:00:00.000Z',
    updatedAt: '2024-05-01T08:00:00.000Z',
    closedAt: null,
    ...patch,
  };
}

/** A team as the list of teams answers it (only id and name matter to the cases pages). */
export function makeTeam(id: string, name: string): CaseTeam {
  return { id, name, description: '', members: [], processes: [], createdAt: '2024-01-01T00:00:00.000Z' };
}

/** One message of a case's conversation. */
export function makeMessage(question: string, answer: string): CaseMessage {
  sequence += 1;
  return { id: `m${sequence}`, question, answer, createdAt: '2024-05-01T08:00:00.000Z' };
}

/** A robot as the list of robots answers it (only id and name matter to the cases pages). */
export function makeRobot(processId: string, name: string): Robot {
  return {
    processId,
    name,
    description: '',
    icon: '',
    type: 'simple',
    enabled: true,
    adminId: 'u1',
    tags: [],
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
  };
}

/** What a test answers a list call with instead of the in-memory cases (a refusal); `undefined` leaves it to them. */
type CasesOverride = (call: FakeCall<typeof ListCases>) => Refusal | undefined;

/** The rest of the fake server's state: robots and users for the pickers, conversations by case id. */
export type FakeCasesState = {
  robots?: Robot[];
  teams?: CaseTeam[];
  users?: ActingUser[];
  splits?: Record<string, CaseSplit['stages']>;
  messages?: Record<string, CaseMessage[]>;
  /** Answers any request first when it returns (a refusal of an update, say). */
  refuseWhen?: (request: FakeRequest) => Refusal | undefined;
};

/**
 * An in-memory cases server that behaves like the real one: the list (keyword over title, customer and
 * phone; robot, team, status and creation-time filters; offset/limit), one case, its update, its
 * conversation by stages and by messages, and the robots and users the pickers offer. `override`
 * answers a list call first when it returns.
 */
export function fakeCasesApi(initial: Case[] = [], override?: CasesOverride, state: FakeCasesState = {}) {
  const cases = [...initial];
  const robots = state.robots ?? [];
  const users = state.users ?? [];
  const teams = state.teams ?? [];
  const page = <T>(items: T[], { offset, limit }: { offset: number; limit: number }) => ({
    list: items.slice(offset, offset + limit),
    total: items.length,
  });
  const find = (caseId: string) => cases.find((item) => item.id === caseId);
  const caseNotFound = () => refuse(404, 'CASE_NOT_FOUND', 'Case not found');

  const routes: FakeRoute[] = [
    on(ListCases, (call) => {
      const overridden = override?.(call);
      if (overridden) return overridden;
      const { keyword, processId, teamId, status, from, to } = call.query;
      const needle = keyword?.toLowerCase();
      const matching = cases.filter(
        (item) =>
          (!status || item.status === status) &&
          (!processId || item.processId === processId) &&
          (!teamId || item.teamId === teamId) &&
          (!from || item.createdAt >= from) &&
          (!to || item.createdAt < to) &&
          (!needle || [item.title, item.customer, item.phone].some((text) => text.toLowerCase().includes(needle))),
      );
      return page(matching, call.query);
    }),
    on(GetCase, ({ params }) => find(params.caseId) ?? caseNotFound()),
    on(UpdateCase, ({ params, body }) => {
      const item = find(params.caseId);
      if (!item) return caseNotFound();
      if (body.assigneeId !== undefined) {
        item.assigneeId = body.assigneeId;
        item.assigneeName = users.find((user) => user.id === body.assigneeId)?.name ?? '';
      }
      if (body.status !== undefined) {
        item.status = body.status;
        item.closedAt = body.status === 'closed' ? '2024-05-02T08:00:00.000Z' : null;
      }
      if (body.notes !== undefined) item.notes = body.notes;
      if (body.checked !== undefined) item.checked = body.checked;
      item.updatedAt = '2024-05-02T08:00:00.000Z';
      return { ...item };
    }),
    on(SplitCase, ({ query }) =>
      find(query.caseId) ? { caseId: query.caseId, stages: state.splits?.[query.caseId] ?? [] } : caseNotFound(),
    ),
    on(ListCaseCompletions, ({ query }) =>
      find(query.caseId) ? page(state.messages?.[query.caseId] ?? [], query) : caseNotFound(),
    ),
    on(ListRobots, ({ query }) => page(robots, query)),
    on(ListActingUsers, ({ query }) => page(users, query)),
    on(ListCaseTeams, ({ query }) => page(teams, query)),
  ];
  const requests = fakeApi(
    routes.map(({ endpoint, answer }) => ({
      endpoint,
      answer: (call) => state.refuseWhen?.(call.request) ?? answer(call),
    })),
  );
  return { cases, requests };
}

/** The list requests among those a fake saw (pickers load their options beside them). */
export function listRequests(requests: FakeRequest[]): FakeRequest[] {
  return requests.filter((request) => request.method === 'GET' && request.path === '/v1/case');
}
