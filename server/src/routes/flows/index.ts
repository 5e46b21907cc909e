import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DebugFlow,
  GetFlow,
  ListFlowVersions,
  PublishFlow,
  RestoreFlowVersion,
  SaveFlow,
  type FlowGraph,
  type FlowVersion,
} from '@flotilla/shared/contracts';
import { flowIssueDetail, validateFlow, type FlowIssue } from '@flotilla/shared/flows';
import { AppError, found, notFound } from '../../lib/app-error';
import type { ChatAccess } from '../../plugins/app/chats/chats-repository';
import { OPERATORS, STAFF } from '../access';
import { route } from '../endpoint-route';
import { flowIssueMessage } from './flow-issue-messages';

const tags = ['flows'];

const flowsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { databases, flows, processes, segments } = fastify.repos;
  const modelIds = new Set(['builtin', ...fastify.config.openaiModels.map((model) => model.id)]);

  const robotOf = async (tenantId: string, processId: string) =>
    found(await processes.get(tenantId, processId), 'ROBOT_NOT_FOUND');

  /**
   * The problems that keep a graph from running: the shared checks (the editor runs the same), then what
   * only the server knows — models that exist, datasets and databases of the tenant.
   */
  const problemsOf = async (tenantId: string, version: FlowVersion, graph: FlowGraph): Promise<FlowIssue[]> => {
    const checked = validateFlow(version, graph);
    if (!checked.ok) return checked.issues;
    const issues: FlowIssue[] = [];
    const wantedDatasets = graph.nodes.flatMap((node) => (node.type === 'knowledgeSearch' ? node.data.datasetIds : []));
    const known = new Set((await segments.datasets(tenantId, wantedDatasets)).map((dataset) => dataset.id));
    const wantedDatabases = new Set(
      graph.nodes.flatMap((node) => (node.type === 'dbQuery' ? node.data.databaseIds : [])),
    );
    const knownDatabases = new Set<string>();
    for (const id of wantedDatabases) if (await databases.get(tenantId, id)) knownDatabases.add(id);
    for (const node of graph.nodes) {
      if (
        (node.type === 'aiChat' || node.type === 'classify' || node.type === 'dbQuery') &&
        node.data.model &&
        !modelIds.has(node.data.model)
      )
        issues.push({ code: 'invalid', nodeId: node.id, field: 'model', path: ['model'], detail: 'no such model' });
      if (node.type === 'knowledgeSearch' && node.data.datasetIds.some((id) => !known.has(id)))
        issues.push({
          code: 'invalid',
          nodeId: node.id,
          field: 'datasetIds',
          path: ['datasetIds'],
          detail: 'no such dataset',
        });
      if (node.type === 'dbQuery' && node.data.databaseIds.some((id) => !knownDatabases.has(id)))
        issues.push({
          code: 'invalid',
          nodeId: node.id,
          field: 'databaseIds',
          path: ['databaseIds'],
          detail: 'no such database',
        });
    }
    return issues;
  };

  const refuse = (issues: FlowIssue[], locale: Parameters<typeof flowIssueMessage>[1]) =>
    new AppError(422, 'FLOW_INVALID', 'FLOW_INVALID', {
      detail: flowIssueDetail(issues).map((detail, i) => ({
        ...detail,
        msg: flowIssueMessage(issues[i] as FlowIssue, locale),
      })),
    });

  route(fastify, GetFlow, {
    config: { auth: STAFF },
    tags,
    summary: "A robot's flow: its draft, the published graph and when it was published",
    handler: async (request) => {
      const { tenantId } = request.auth;
      await robotOf(tenantId, request.params.processId);
      return found(await flows.get(tenantId, request.params.processId), 'FLOW_NOT_FOUND');
    },
  });

  route(fastify, SaveFlow, {
    config: { auth: OPERATORS },
    tags,
    summary:
      "Save a robot's draft flow (a simple robot becomes a flow robot); a graph that cannot run is a 422 naming the node",
    handler: async (request) => {
      const { tenantId } = request.auth;
      const { processId } = request.params;
      await robotOf(tenantId, processId);
      const { version, nodes, edges } = request.body;
      const graph = { nodes, edges } as FlowGraph;
      const issues = await problemsOf(tenantId, version, graph);
      if (issues.length > 0) throw refuse(issues, request.locale);
      return found(await flows.saveDraft(tenantId, processId, version, graph), 'ROBOT_NOT_FOUND');
    },
  });

  route(fastify, DebugFlow, {
    config: { auth: OPERATORS },
    tags,
    summary: "Run a robot's draft flow once: the answer and what each node did (not stored as an answer)",
    handler: async (request, reply) => {
      const { tenantId, userId } = request.auth;
      const robot = await robotOf(tenantId, request.params.processId);
      const flow = found(await flows.get(tenantId, robot.processId), 'FLOW_NOT_FOUND');
      const access: ChatAccess = {
        tenantId,
        processId: robot.processId,
        adminId: robot.adminId,
        userId,
        channel: 'staff',
      };
      const clientGone = new AbortController();
      reply.raw.once('close', () => clientGone.abort());
      return fastify.answers.debug(
        access,
        { version: flow.version, graph: flow.draft },
        { ...request.body, locale: request.locale },
        clientGone.signal,
      );
    },
  });

  route(fastify, PublishFlow, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Publish the draft: the robot answers with it from now on, and a new version is listed',
    handler: async (request) => {
      const { tenantId, userId } = request.auth;
      const { processId } = request.params;
      await robotOf(tenantId, processId);
      const flow = found(await flows.get(tenantId, processId), 'FLOW_NOT_FOUND');
      // Saved drafts were checked; datasets or models may have gone since.
      const issues = await problemsOf(tenantId, flow.version, flow.draft);
      if (issues.length > 0) throw refuse(issues, request.locale);
      const user = await fastify.repos.users.get(tenantId, userId);
      return found(
        await flows.publish(tenantId, processId, user?.nickname || user?.username || userId),
        'FLOW_NOT_FOUND',
      );
    },
  });

  route(fastify, ListFlowVersions, {
    config: { auth: STAFF },
    tags,
    summary: "A robot's published flow versions, newest first",
    handler: async (request) => {
      const { tenantId } = request.auth;
      await robotOf(tenantId, request.params.processId);
      return flows.versions(tenantId, request.params.processId, request.query);
    },
  });

  route(fastify, RestoreFlowVersion, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Make a published version the draft again (publish it to answer with it)',
    handler: async (request) => {
      const { tenantId } = request.auth;
      const { processId, versionId } = request.params;
      await robotOf(tenantId, processId);
      const restored = await flows.restore(tenantId, processId, versionId);
      if (!restored) throw notFound('FLOW_VERSION_NOT_FOUND');
      return restored;
    },
  });
};

export default flowsRoutes;
