import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BasicConfigSchema,
  BindRobotTagsBodySchema,
  CreateRobotBodySchema,
  CreateRobotTagBodySchema,
  ListRobotsQuerySchema,
  ModelConfigParamsSchema,
  ModelConfigResponseSchema,
  OkSchema,
  PresetSchema,
  RenameRobotTagQuerySchema,
  RobotListResponseSchema,
  RobotParamsSchema,
  RobotSchema,
  RobotTagListResponseSchema,
  RobotTagParamsSchema,
  RobotTagSchema,
  UpdateBasicConfigBodySchema,
  UpdatePresetBodySchema,
  UpdateRobotBodySchema,
  type ModelOption,
} from '@flotilla/shared/contracts';
import { versionedReads } from '../../db/data-versions';
import { AppError, found, notFound } from '../../lib/app-error';
import { message } from '../../lib/messages';
import { newRobotConfig } from '../../plugins/app/processes/robot-configs-repository';
import { OPERATORS, STAFF } from '../access';

const tags = ['robots'];

const processesRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { processes, robotConfigs, robotTags, shares } = fastify.repos;
  // The built-in provider needs no model or network; configured OpenAI-compatible models
  // are offered by id, name and price only: their endpoints and keys stay on the server.
  const models: ModelOption[] = [
    { id: 'builtin', name: 'Built-in (no model)', provider: 'builtin', price: 0 },
    ...fastify.config.openaiModels.map(({ id, name, price }) => ({ id, name, provider: 'openai' as const, price })),
  ];
  // The console's busiest call, read far more often than robots change: the serialized answer is
  // cached by the tenant's data version, which every write to robots raises.
  const cachedListBody = versionedReads<string>(fastify.db, 'processes');

  fastify.get('/v1/processes', {
    config: { auth: STAFF },
    schema: { tags, summary: 'Robots of the tenant, newest first (paged; keyword, tag filters)', querystring: ListRobotsQuerySchema, response: { 200: RobotListResponseSchema } },
    handler: async (request, reply) => {
      const { tenantId } = request.auth;
      const { offset, limit, keyword = '', tagId = '' } = request.query;
      const body = await cachedListBody(tenantId, JSON.stringify([offset, limit, keyword, tagId]), async () =>
        String(reply.serialize(await processes.list(tenantId, request.query))),
      );
      // Already serialized by this route's own serializer: typed as the schema's shape for send().
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  });

  fastify.post('/v1/processes', {
    config: { auth: OPERATORS },
    schema: { tags, summary: "Create a robot (with its share, disabled); its fallback reply is in the request's language", body: CreateRobotBodySchema, response: { 200: RobotSchema } },
    handler: async (request) => {
      const { tenantId, userId } = request.auth;
      return processes.create(tenantId, userId, request.body, newRobotConfig(request.locale));
    },
  });

  // Agents read robots too: they review the robots' logs.
  fastify.get('/v1/processes/:processId', {
    config: { auth: STAFF },
    schema: { tags, summary: 'One robot', params: RobotParamsSchema, response: { 200: RobotSchema } },
    handler: async (request) => found(await processes.get(request.auth.tenantId, request.params.processId), 'ROBOT_NOT_FOUND'),
  });

  fastify.delete('/v1/processes/:processId', {
    config: { auth: OPERATORS },
    schema: { tags, summary: 'Delete a robot and its share', params: RobotParamsSchema, response: { 200: OkSchema } },
    handler: async (request) => {
      if (!(await processes.remove(request.auth.tenantId, request.params.processId))) throw notFound('ROBOT_NOT_FOUND');
      return { ok: true as const };
    },
  });

  fastify.put('/v1/processes/:processId', {
    config: { auth: OPERATORS },
    schema: { tags, summary: "Change a robot's name, description, icon or type", params: RobotParamsSchema, body: UpdateRobotBodySchema, response: { 200: RobotSchema } },
    handler: async (request) => found(await processes.update(request.auth.tenantId, request.params.processId, request.body), 'ROBOT_NOT_FOUND'),
  });

  // A write behind GET: existing clients call it with this path and method.
  fastify.get('/v1/processes/:processId/clone', {
    config: { auth: OPERATORS },
    schema: {
      tags,
      summary: 'Copy a robot as "<name> (copy)" (in the request\'s language): basic config, preset and tags; its share disabled',
      params: RobotParamsSchema,
      response: { 200: RobotSchema },
    },
    handler: async (request) =>
      found(await processes.clone(request.auth.tenantId, request.auth.userId, request.params.processId, message('ROBOT_COPY_SUFFIX', request.locale)), 'ROBOT_NOT_FOUND'),
  });

  fastify.get('/v1/processes/:processId/basic', {
    config: { auth: OPERATORS },
    schema: { tags, summary: "A robot's basic config (defaults when never saved)", params: RobotParamsSchema, response: { 200: BasicConfigSchema } },
    handler: async (request) => found(await robotConfigs.get(request.auth.tenantId, request.params.processId), 'ROBOT_NOT_FOUND'),
  });

  fastify.put('/v1/processes/:processId/basic', {
    config: { auth: OPERATORS },
    schema: {
      tags,
      summary: "Change a robot's basic config (fields given): model, prompt, temperature, history, fallback reply, bound datasets and databases",
      params: RobotParamsSchema,
      body: UpdateBasicConfigBodySchema,
      response: { 200: BasicConfigSchema },
    },
    handler: async (request) => {
      if (request.body.model !== undefined && !models.some((model) => model.id === request.body.model)) {
        throw new AppError(400, 'BAD_REQUEST', 'UNKNOWN_MODEL');
      }
      return found(await robotConfigs.update(request.auth.tenantId, request.params.processId, request.body), 'ROBOT_NOT_FOUND');
    },
  });

  const searchSwitches = [
    ['enableLibrarySearch', { librarySearch: true }, 'Let a robot search its datasets'],
    ['disableLibrarySearch', { librarySearch: false }, 'Stop a robot searching its datasets'],
    ['enableDbSearch', { dbSearch: true }, 'Let a robot query its databases'],
    ['disableDbSearch', { dbSearch: false }, 'Stop a robot querying its databases'],
  ] as const;
  for (const [action, change, summary] of searchSwitches) {
    fastify.put(`/v1/processes/:processId/basic/${action}`, {
      config: { auth: OPERATORS },
      schema: { tags, summary, params: RobotParamsSchema, response: { 200: BasicConfigSchema } },
      handler: async (request) => found(await robotConfigs.update(request.auth.tenantId, request.params.processId, change), 'ROBOT_NOT_FOUND'),
    });
  }

  fastify.put('/v1/processes/:processId/preset', {
    config: { auth: OPERATORS },
    schema: {
      tags,
      summary: "Set a robot's welcome text and suggested questions (its share page shows them)",
      params: RobotParamsSchema,
      body: UpdatePresetBodySchema,
      response: { 200: PresetSchema },
    },
    handler: async (request) => found(await shares.setPreset(request.auth.tenantId, request.params.processId, request.body), 'ROBOT_NOT_FOUND'),
  });

  // adminId is part of the path existing clients call; every admin of a tenant is offered the same models.
  fastify.get('/v1/processes/:adminId/modelConfig', {
    config: { auth: OPERATORS },
    schema: { tags, summary: 'Models a robot may use, with their price (never keys or endpoints)', params: ModelConfigParamsSchema, response: { 200: ModelConfigResponseSchema } },
    handler: async () => models,
  });

  fastify.get('/v1/processes/allTags', {
    config: { auth: STAFF },
    schema: { tags, summary: "The tenant's robot tags, by name", response: { 200: RobotTagListResponseSchema } },
    handler: async (request) => robotTags.list(request.auth.tenantId),
  });

  fastify.post('/v1/processes/tag', {
    config: { auth: OPERATORS },
    schema: { tags, summary: 'Create a robot tag (409 when the name is taken)', body: CreateRobotTagBodySchema, response: { 200: RobotTagSchema } },
    handler: async (request) => robotTags.create(request.auth.tenantId, request.body.name),
  });

  fastify.post('/v1/processes/tag/bind', {
    config: { auth: OPERATORS },
    schema: { tags, summary: "Replace a robot's tags", body: BindRobotTagsBodySchema, response: { 200: RobotSchema } },
    handler: async (request) =>
      found(await robotTags.bind(request.auth.tenantId, request.body.processId, request.body.tagIds), 'ROBOT_NOT_FOUND'),
  });

  fastify.post('/v1/processes/tag/:id', {
    config: { auth: OPERATORS },
    schema: { tags, summary: 'Rename a robot tag (409 when the name is taken)', params: RobotTagParamsSchema, querystring: RenameRobotTagQuerySchema, response: { 200: RobotTagSchema } },
    handler: async (request) => robotTags.rename(request.auth.tenantId, request.params.id, request.query.name),
  });

  fastify.delete('/v1/processes/tag/:id', {
    config: { auth: OPERATORS },
    schema: { tags, summary: 'Delete a robot tag, unbinding it from every robot', params: RobotTagParamsSchema, response: { 200: OkSchema } },
    handler: async (request) => {
      await robotTags.remove(request.auth.tenantId, request.params.id);
      return { ok: true as const };
    },
  });

  for (const [action, enabled] of [['enableProcess', true], ['disableProcess', false]] as const) {
    fastify.put(`/v1/processes/:processId/${action}`, {
      config: { auth: OPERATORS },
      schema: { tags, summary: enabled ? 'Enable a robot' : 'Disable a robot (its share stops answering)', params: RobotParamsSchema, response: { 200: RobotSchema } },
      handler: async (request) => found(await processes.setEnabled(request.auth.tenantId, request.params.processId, enabled), 'ROBOT_NOT_FOUND'),
    });
  }
};

export default processesRoutes;
