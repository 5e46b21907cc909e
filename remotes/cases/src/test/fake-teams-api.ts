import {
  AddCaseSalePhone,
  CreateCaseTeam,
  DeleteCaseSalePhone,
  DeleteCaseTeam,
  DisableCaseTeamSubscription,
  EnableCaseTeamSubscription,
  ExportCaseTeam,
  ListActingUsers,
  ListCaseOrders,
  ListCaseSalePhones,
  ListCaseTeams,
  ListRobots,
  SetCaseTeamProcesses,
  UpdateCaseOrder,
  UpdateCaseTeam,
  CASE_ORDER_MOVES,
  type ActingUser,
  type CaseOrder,
  type CaseSalePhone,
  type CaseTeam,
  type Robot,
} from '@flotilla/shared';
import { fakeApi, on, refuse, type FakeRequest, type Refusal } from '@flotilla/shared/test';

let sequence = 0;
const NOW = '2024-05-01T08:00:00.000Z';

/** A team as the server answers it; fields not given get plain values. */
export function makeTeam(patch: Partial<CaseTeam> = {}): CaseTeam {
  sequence += 1;
  return {
    id: `team${sequence}`,
    name: `Team ${sequence}`,
    description: '',
    members: [],
    processes: [],
    createdAt: NOW,
    ...patch,
  };
}

/** An order as the server answers it; fields not given get plain values. */
export function makeOrder(patch: Partial<CaseOrder> = {}): CaseOrder {
  sequence += 1;
  return {
    id: `o${sequence}`,
    caseId: `c${sequence}`,
    processId: 'p1',
    processName: 'Shop robot',
    product: `Product ${sequence}`,
    quantity: 1,
    amountCents: 1990,
    customer: 'Li Lei',
    phone: '13800000000',
    status: 'pending',
    createdAt: NOW,
    updatedAt: NOW,
    ...patch,
  };
}

/** The fake server's state: teams, phones, orders, and the robots and users the pickers offer. */
export type FakeTeamsState = {
  teams?: CaseTeam[];
  phones?: CaseSalePhone[];
  orders?: CaseOrder[];
  robots?: Pick<Robot, 'processId' | 'name'>[];
  users?: ActingUser[];
  /** Answers any request first when it returns (a refusal, say). */
  refuseWhen?: (request: FakeRequest) => Refusal | undefined;
};

/**
 * An in-memory server of teams, their robots and subscriptions, the phone whitelist and orders, behaving as
 * the real one does for what the pages show: name and keyword search, paging, forward-only order moves.
 */
export function fakeTeamsApi(state: FakeTeamsState = {}) {
  const teams = [...(state.teams ?? [])];
  const phones = [...(state.phones ?? [])];
  const orders = [...(state.orders ?? [])];
  const robots = (state.robots ?? []).map((r): Robot => ({
    ...r,
    description: '',
    icon: '',
    type: 'simple',
    enabled: true,
    adminId: 'u1',
    tags: [],
    createdAt: NOW,
    updatedAt: NOW,
  }));
  const users = state.users ?? [];
  const page = <T>(items: T[], { offset, limit }: { offset: number; limit: number }) => ({
    list: items.slice(offset, offset + limit),
    total: items.length,
  });
  const team = (teamId: string) => teams.find((x) => x.id === teamId);
  const robotName = (processId: string) => robots.find((r) => r.processId === processId)?.name ?? '';
  const teamNotFound = () => refuse(404, 'CASE_TEAM_NOT_FOUND', 'Team not found');
  const withBody = (id: string | null, body: { name: string; description?: string; memberIds: string[] }) => {
    if (teams.some((x) => x.name === body.name && x.id !== id))
      return refuse(409, 'CASE_TEAM_NAME_TAKEN', 'A team of this name exists already');
    const members = body.memberIds.map((memberId) => ({
      id: memberId,
      nickname: users.find((u) => u.id === memberId)?.name ?? memberId,
    }));
    if (id === null) {
      const created = makeTeam({ name: body.name, description: body.description ?? '', members });
      teams.push(created);
      return created;
    }
    const existing = team(id);
    if (!existing) return teamNotFound();
    Object.assign(existing, { name: body.name, description: body.description ?? '', members });
    return { ...existing };
  };
  const subscribe = (teamId: string, processId: string, subscribed: boolean) => {
    const found = team(teamId);
    if (!found) return teamNotFound();
    let entry = found.processes.find((p) => p.processId === processId);
    if (!entry && !subscribed) return refuse(404, 'ROBOT_NOT_FOUND', 'Robot not found');
    if (!entry) found.processes.push((entry = { processId, processName: robotName(processId), subscribed }));
    entry.subscribed = subscribed;
    return { ...entry };
  };

  const routes = [
    on(ListCaseTeams, ({ query }) =>
      page(
        teams.filter((x) => !query.keyword || x.name.toLowerCase().includes(query.keyword.toLowerCase())),
        query,
      ),
    ),
    on(CreateCaseTeam, ({ body }) => withBody(null, body)),
    on(UpdateCaseTeam, ({ params, body }) => withBody(params.teamId, body)),
    on(DeleteCaseTeam, ({ params }) => {
      const index = teams.findIndex((x) => x.id === params.teamId);
      if (index < 0) return teamNotFound();
      teams.splice(index, 1);
      return { ok: true as const };
    }),
    on(SetCaseTeamProcesses, ({ body }) => {
      const found = team(body.teamId);
      if (!found) return teamNotFound();
      found.processes = body.processIds.map(
        (processId) =>
          found.processes.find((p) => p.processId === processId) ?? {
            processId,
            processName: robotName(processId),
            subscribed: true,
          },
      );
      return { list: found.processes, total: found.processes.length };
    }),
    on(EnableCaseTeamSubscription, ({ body }) => subscribe(body.teamId, body.processId, true)),
    on(DisableCaseTeamSubscription, ({ body }) => subscribe(body.teamId, body.processId, false)),
    on(ExportCaseTeam, ({ query }) => (team(query.teamId) ? new Response(new Blob(['xlsx'])) : teamNotFound())),
    on(ListCaseSalePhones, ({ query }) =>
      page(
        phones.filter((p) => !query.keyword || p.phone.includes(query.keyword)),
        query,
      ),
    ),
    on(AddCaseSalePhone, ({ body }) => {
      const phone = body.phone.replace(/[\s-]/g, '');
      if (phones.some((p) => p.phone === phone))
        return refuse(409, 'CASE_SALE_PHONE_TAKEN', 'This phone is on the whitelist already');
      sequence += 1;
      const entry = { id: `ph${sequence}`, phone, createdAt: NOW };
      phones.push(entry);
      return entry;
    }),
    on(DeleteCaseSalePhone, ({ query }) => {
      const index = phones.findIndex((p) => p.id === query.id);
      if (index < 0) return refuse(404, 'CASE_SALE_PHONE_NOT_FOUND', 'Not on the whitelist');
      phones.splice(index, 1);
      return { ok: true as const };
    }),
    on(ListCaseOrders, ({ query }) => {
      const needle = query.keyword?.toLowerCase();
      return page(
        orders.filter(
          (o) =>
            (!query.status || o.status === query.status) &&
            (!query.processId || o.processId === query.processId) &&
            (!query.from || o.createdAt >= query.from) &&
            (!query.to || o.createdAt < query.to) &&
            (!needle || [o.product, o.customer, o.phone].some((text) => text.toLowerCase().includes(needle))),
        ),
        query,
      );
    }),
    on(UpdateCaseOrder, ({ params, body }) => {
      const order = orders.find((o) => o.id === params.orderId);
      if (!order) return refuse(404, 'CASE_ORDER_NOT_FOUND', 'Order not found');
      if (body.status !== order.status && !CASE_ORDER_MOVES[order.status].includes(body.status))
        return refuse(409, 'CASE_ORDER_STATUS_MOVE', 'The order cannot move to this status');
      order.status = body.status;
      return { ...order };
    }),
    on(ListRobots, ({ query }) => page(robots, query)),
    on(ListActingUsers, ({ query }) => page(users, query)),
  ];
  const requests = fakeApi(
    routes.map(({ endpoint, answer }) => ({
      endpoint,
      answer: (call) => state.refuseWhen?.(call.request) ?? answer(call),
    })),
  );
  return { teams, phones, orders, requests };
}
