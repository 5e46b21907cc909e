import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helper';
import { uploadForm } from '../support/documents';
import { numberPaths, sample, withValueAt, wrongType, type JsonSchema } from '../support/schema-samples';

/**
 * Every route of the OpenAPI document, sent what an attacker or a careless client sends: undeclared fields
 * (another tenant's id, an owner flag), non-finite and huge numbers (paging included), bodies nested ten
 * thousand levels deep and values of the wrong type. None may answer 5xx; a refused request changes
 * nothing; no undeclared field is ever stored; the other tenant's rows stay as they were; a caller who may
 * not use a route is told so (401/403) whatever the input. New routes are covered as they are declared.
 */

// No worker: a task a valid request queued would otherwise change the database while later refusals are checked.
const t = useTestApp({ config: { jobWorkers: 0 } });

/** What an undeclared field carries, to be looked for in the database afterwards. */
const SENTINEL = 'zz-undeclared-sentinel';
const OLD_DATE = '2000-01-01T00:00:00.000Z';
const BALANCE = 123456789;
const OUT_OF_RANGE = ['Infinity', '-Infinity', 'NaN', '1e308', '99999999999999999999', 1e308, -1e308];

type Operation = {
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type Route = { method: string; path: string; op: Operation };
type Sent = { route: Route; variant: string; status: number; body: string };

let owner: string;
let victim: { tenantId: string; adminId: string; robotId: string };
let attacker: { token: string; username: string; password: string; agentToken: string; ids: Record<string, string> };

let tables: string[] | undefined;

/** Every row of every table of the app (the full-text index's own tables aside), as comparable text. */
async function snapshot(): Promise<string> {
  tables ??= (await t.app.db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => /^[a-zA-Z]+$/.test(name))
    .sort();
  const dump: Record<string, string[]> = {};
  for (const name of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.app.db);
    dump[name] = rows
      .map((row) =>
        JSON.stringify(row, (_key, value: unknown) => (Buffer.isBuffer(value) ? value.toString('base64') : value)),
      )
      .sort();
  }
  return JSON.stringify(dump);
}

async function tenantRows(tenantId: string): Promise<string> {
  const all = JSON.parse(await snapshot()) as Record<string, string[]>;
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(all).map(([table, rows]) => [table, rows.filter((row) => row.includes(tenantId))]),
    ),
  );
}

function routesOf(doc: { paths: Record<string, Record<string, Operation>> }): Route[] {
  const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => ['get', 'post', 'put', 'delete'].includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
  // Deletions last, so the fixtures they remove serve every other route first.
  return routes
    .filter((r) => /^\/(v1|v2|api)\//.test(r.path))
    .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

/** Fixture ids of the attacker's own tenant, by the name a path, query or body gives them. */
function idFor(route: Route, name: string): string | undefined {
  const ids = attacker.ids;
  if (name === 'id') {
    const byPrefix: Array<[RegExp, string]> = [
      [/^\/v1\/users\/\{id\}/, 'userId'],
      [/^\/v1\/processes\/tag\/\{id\}/, 'tagId'],
      [/^\/v1\/secrets\//, 'secretId'],
      [/^\/v1\/datasets\/\{id\}/, 'datasetId'],
      [/^\/v1\/databases\/\{id\}/, 'databaseId'],
      [/^\/v2\/upload\/file\//, 'uploadId'],
      [/^\/v1\/tasks\//, 'taskId'],
      [/^\/v1\/credits\/packages\//, 'packageId'],
      [/completions\/\{id\}$/, 'completionId'],
      [/^\/v1\/processes\/\{id\}\/caseForm$/, 'robotId'],
      [/^\/v1\/case\/comparison\//, 'comparisonId'],
      [/^\/v1\/case\/file\/reports\//, 'caseReportId'],
      [/^\/v1\/oidc\/providers\//, 'oidcProviderId'],
    ];
    const key = byPrefix.find(([pattern]) => pattern.test(route.path))?.[1];
    return key && ids[key];
  }
  const byName: Record<string, string | undefined> = {
    processId: ids.robotId,
    adminId: ids.adminId,
    userId: /chat|sessions/.test(route.path) ? ids.adminId : ids.userId,
    sessionId: ids.sessionId,
    completionId: ids.completionId,
    shareId: ids.shareId,
    datasetId: ids.datasetId,
    cid: ids.catalogueId,
    catalogueId: ids.catalogueId,
    fid: ids.fileId,
    fileId: ids.fileId,
    sid: ids.segmentId,
    tagId: ids.tagId,
    versionId: ids.versionId,
    table: ids.tableName,
    rowId: ids.rowId,
    packageId: ids.packageId,
    caseId: ids.caseId,
    teamId: ids.teamId,
    orderId: ids.orderId,
    memberId: ids.userId,
  };
  return byName[name];
}

function namedValues(route: Route) {
  return (name: string): unknown => {
    if (['processIds', 'datasetIds', 'userIds', 'tagIds', 'memberIds'].includes(name))
      return [idFor(route, name.slice(0, -1))];
    if (name === 'visitorId') return undefined;
    return idFor(route, name);
  };
}

function jsonSchemaOf(route: Route): JsonSchema | undefined {
  return route.op.requestBody?.content['application/json']?.schema;
}

function validRequest(route: Route) {
  const named = namedValues(route);
  const params = Object.fromEntries(
    (route.op.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, idFor(route, p.name)]),
  );
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined)
      throw new Error(`${route.method} ${route.path}: no fixture for path parameter {${name}} — add one to idFor`);
  }
  const query = Object.fromEntries(
    (route.op.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, sample(p.schema, named, p.name)]),
  );
  const schema = jsonSchemaOf(route);
  const body = schema ? (sample(schema, named) as Record<string, unknown>) : undefined;
  return { params, query, body };
}

function urlOf(route: Route, params: Record<string, string | undefined>, query: Record<string, unknown>): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? 'none'));
  const search = new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]),
  );
  return search.size > 0 ? `${path}?${search}` : path;
}

/** Undeclared fields that would hurt if written: another tenant, an owner flag, a balance, old dates. */
function hostileFields(declared: JsonSchema | undefined): Record<string, unknown> {
  const hostile: Record<string, unknown> = {
    tenantId: victim.tenantId,
    isPlatformOwner: true,
    adminId: victim.adminId,
    processId: victim.robotId,
    createdAt: OLD_DATE,
    updatedAt: OLD_DATE,
    enabled: 0,
    ban: 1,
    balance: BALANCE,
    passwordHash: SENTINEL,
    id: SENTINEL,
    [SENTINEL]: SENTINEL,
  };
  for (const key of Object.keys(declared?.properties ?? {})) delete hostile[key];
  return hostile;
}

const sent: Sent[] = [];

async function send(route: Route, variant: string, token: string | undefined, url: string, payload?: string | object) {
  const res = await t.app.inject({
    method: route.method as 'GET',
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) } : {}),
  });
  const entry = { route, variant, status: res.statusCode, body: res.body.slice(0, 300) };
  sent.push(entry);
  return entry;
}

/** Sends a request that must be refused; fails unless it is a 4xx that changed nothing. */
async function sendRefused(
  route: Route,
  variant: string,
  token: string | undefined,
  url: string,
  payload?: string | object,
) {
  const before = await snapshot();
  const entry = await send(route, variant, token, url, payload);
  if (entry.status >= 400 && entry.status < 500) {
    expect(
      await snapshot(),
      `${route.method} ${route.path} [${variant}] answered ${entry.status} but changed the database`,
    ).toBe(before);
  }
  return entry;
}

const describeRoute = (s: Sent) => `${s.route.method} ${s.route.path} [${s.variant}] → ${s.status} ${s.body}`;

beforeAll(async () => {
  owner = await t.login();
  const victimRobot = (await t.post('/v1/processes', { token: owner, body: { name: 'victim robot' } })).json<{
    processId: string;
    adminId: string;
    tenantId?: string;
  }>();
  const me = (await t.get('/v1/users/me', { token: owner })).json<{ id: string; tenantId: string }>();
  victim = { tenantId: me.tenantId, adminId: me.id, robotId: victimRobot.processId };

  const tenant = await t.createTenant(owner);
  const token = tenant.token;
  const ids: Record<string, string> = { adminId: tenant.admin.id };
  // A flow robot: its flow has a published version for the flow routes.
  const robot = (await t.post('/v1/processes', { token, body: { name: 'attacker robot', type: 'flow' } })).json<{
    processId: string;
  }>();
  ids.robotId = robot.processId;
  ids.versionId = (await t.get(`/v1/processes/${ids.robotId}/flow/versions`, { token })).json<{
    list: Array<{ id: string }>;
  }>().list[0]!.id;
  const share = (await t.get(`/v1/users/${ids.adminId}/processes/${ids.robotId}/share`, { token })).json<{
    shareId: string;
  }>();
  ids.shareId = share.shareId;
  const user = await t.createUser(token, 'operator');
  ids.userId = user.user.id;
  const agent = await t.createUser(token, 'agent');
  ids.tagId = (await t.post('/v1/processes/tag', { token, body: { name: 'fuzz tag' } })).json<{ id: string }>().id;
  ids.secretId = (await t.post('/v1/secrets', { token, body: { processId: ids.robotId, name: 'fuzz secret' } })).json<{
    id: string;
  }>().id;
  ids.datasetId = (await t.post('/v1/datasets', { token, body: { name: 'fuzz dataset' } })).json<{ id: string }>().id;
  ids.databaseId = (await t.post('/v1/databases', { token, body: { name: 'fuzz database', kind: 'builtin' } })).json<{
    id: string;
  }>().id;
  // A single sign-on provider, turned off (the login page would otherwise reach out to its issuer).
  const oidcProvider = { name: 'fuzz idp', issuer: 'https://idp.example.com', clientId: 'fuzz', role: 'agent' };
  ids.oidcProviderId = (await t.post('/v1/oidc/providers', { token, body: { ...oidcProvider, enabled: false } })).json<{
    id: string;
  }>().id;
  // A table of the attacker's built-in database, with one row.
  const tableForm = uploadForm('fuzz.csv', Buffer.from('id,word\n1,fuzz\n'), { table: 'fuzz_table' });
  const imported = await t.post(`/v1/databases/${ids.databaseId}/tables/import`, {
    token,
    body: tableForm.body,
    headers: tableForm.headers,
  });
  if (imported.statusCode !== 200) throw new Error(`fuzz table import failed: ${imported.body}`);
  ids.tableName = 'fuzz_table';
  ids.rowId = '1';
  ids.catalogueId = (
    await t.post(`/v1/datasets/${ids.datasetId}/catalogues`, { token, body: { name: 'fuzz folder' } })
  ).json<{ id: string }>().id;
  const pairs = await t.post(`/v1/datasets/${ids.datasetId}/qa`, {
    token,
    body: { pairs: [{ question: 'fuzz question', answer: 'fuzz answer' }] },
  });
  ids.segmentId = pairs.json<Array<{ id: string }>>()[0]!.id;
  const answer = (
    await t.post('/v2/qa', { token, body: { processId: ids.robotId, question: 'fuzz question', stream: false } })
  ).json<{ completionId: string; sessionId: string }>();
  ids.completionId = answer.completionId;
  ids.sessionId = answer.sessionId;
  ids.caseId = (
    await t.post('/v1/case', { token, body: { processId: ids.robotId, title: 'fuzz case', sessionId: ids.sessionId } })
  ).json<{ id: string }>().id;
  // A team of the attacker's, and an order (orders are only recorded by the opening of cases).
  ids.teamId = (await t.post('/v1/case/team', { token, body: { name: 'fuzz team', memberIds: [] } })).json<{
    id: string;
  }>().id;
  ids.orderId = 'fuzz-order';
  await t.app.db
    .insertInto('caseOrders')
    .values({
      id: ids.orderId,
      tenantId: tenant.tenant.id,
      caseId: ids.caseId,
      processId: ids.robotId,
      product: 'fuzz product',
      quantity: 1,
      amountCents: 100,
      customer: '',
      phone: '',
      status: 'pending',
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    })
    .execute();
  // No file, upload or task of the attacker's own: those routes answer 404, which must not be a 5xx either.
  ids.fileId = 'no-such-file';
  ids.uploadId = 'no-such-upload';
  ids.taskId = 'no-such-task';
  ids.packageId = (
    await t.post('/v1/credits/packages', { token, body: { name: 'fuzz package', priceCents: 100, credits: 10 } })
  ).json<{ id: string }>().id;
  ids.comparisonId = (
    await t.post('/v1/case/comparison/start', {
      token,
      body: { processId: ids.robotId, questions: [{ question: 'fuzz question', expected: 'fuzz answer' }] },
    })
  ).json<{ id: string }>().id;
  // A case file of the attacker's, analysed: its file report.
  const caseFileForm = uploadForm('fuzz-questions.csv', Buffer.from('question\nfuzz question\n'));
  const caseFile = await t.post('/v1/case/file', { token, body: caseFileForm.body, headers: caseFileForm.headers });
  ids.caseReportId = (
    await t.post('/v1/case/file/analysis', {
      token,
      body: { fileId: caseFile.json<{ id: string }>().id, processId: ids.robotId },
    })
  ).json<{ reportId: string }>().reportId;
  for (const [name, value] of Object.entries(ids)) if (!value) throw new Error(`fixture ${name} was not created`);
  attacker = { token, username: tenant.admin.username, password: 'tenant-password-1', agentToken: agent.token, ids };
}, 120_000);

describe('hostile input on every route of the OpenAPI document', () => {
  it('never answers 5xx, stores no undeclared field, changes nothing when it refuses, and checks access before input', async () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    const routes = routesOf(doc);
    expect(routes.length).toBeGreaterThan(80);
    const victimBefore = await tenantRows(victim.tenantId);
    const accessFailures: string[] = [];

    for (const route of routes) {
      const isPublic = route.op.security === undefined;
      const { params, query, body } = validRequest(route);
      const schema = jsonSchemaOf(route);

      // Access before input: without a token, a protected route answers 401 even to a body of the wrong type.
      if (!isPublic) {
        const anonymous = await sendRefused(
          route,
          'no token, wrong types',
          undefined,
          urlOf(route, params, query),
          schema ? '7' : undefined,
        );
        if (anonymous.status !== 401) accessFailures.push(describeRoute(anonymous));
      }
      // A role that may not use the route learns nothing of it: the same 403 for valid and hostile input.
      if (!isPublic) {
        const allowed = await send(route, 'agent, valid', attacker.agentToken, urlOf(route, params, query), body);
        if (allowed.status === 403) {
          const hostile = await sendRefused(
            route,
            'agent, deep',
            attacker.agentToken,
            urlOf(route, params, query),
            schema ? `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}` : undefined,
          );
          if (hostile.status !== 403) accessFailures.push(describeRoute(hostile));
        }
      }

      // Undeclared fields next to valid ones: dropped or refused, never written (checked after the loop).
      const hostileQuery = {
        ...query,
        ...Object.fromEntries(Object.entries(hostileFields(undefined)).filter(([k]) => !(k in query))),
      };
      await send(
        route,
        'undeclared fields',
        attacker.token,
        urlOf(route, params, hostileQuery),
        schema ? { ...body, ...hostileFields(schema) } : undefined,
      );

      // Out-of-range numbers, in the query and the body: refused, nothing changed.
      for (const parameter of (route.op.parameters ?? []).filter(
        (p) => p.in === 'query' && numberPaths(p.schema).length > 0,
      )) {
        for (const value of OUT_OF_RANGE) {
          const entry = await sendRefused(
            route,
            `query ${parameter.name}=${value}`,
            attacker.token,
            urlOf(route, params, { ...query, [parameter.name]: value }),
            schema ? body : undefined,
          );
          if (entry.status < 400) accessFailures.push(`accepted ${describeRoute(entry)}`);
        }
      }
      if (schema && body) {
        for (const path of numberPaths(schema)) {
          for (const value of OUT_OF_RANGE) {
            const entry = await sendRefused(
              route,
              `body ${path.join('.')}=${JSON.stringify(value)}`,
              attacker.token,
              urlOf(route, params, query),
              withValueAt(body, path, value),
            );
            if (entry.status < 400) accessFailures.push(`accepted ${describeRoute(entry)}`);
          }
        }
        // Nested ten thousand levels deep, and each field of the wrong type.
        await sendRefused(
          route,
          'nested 10,000 deep',
          attacker.token,
          urlOf(route, params, query),
          `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
        );
        for (const [key, child] of Object.entries(schema.properties ?? {})) {
          await sendRefused(route, `wrong type ${key}`, attacker.token, urlOf(route, params, query), {
            ...body,
            [key]: wrongType(child),
          });
        }
      }
      // A route that logs the caller out must not end the run: log in again.
      if ((await t.get('/v1/users/me', { token: attacker.token })).statusCode === 401)
        attacker.token = await t.login(attacker.username, attacker.password);
    }

    // Every list and read still answers after the writes (a stored Infinity used to break later reads).
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const { params, query } = validRequest(route);
      await send(route, 'read after writes', attacker.token, urlOf(route, params, query));
    }

    const serverErrors = sent.filter((s) => s.status >= 500).map(describeRoute);
    expect(serverErrors).toEqual([]);
    expect(accessFailures).toEqual([]);

    const after = await snapshot();
    expect(after).not.toContain(SENTINEL);
    expect(after).not.toContain(OLD_DATE);
    expect(after).not.toContain(String(BALANCE));
    expect(await tenantRows(victim.tenantId)).toBe(victimBefore);
    const owners = await t.app.db.selectFrom('users').select('id').where('isPlatformOwner', '=', 1).execute();
    expect(owners.map((o) => o.id)).toEqual([victim.adminId]);
  }, 600_000);
});
