import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BindRobotTags,
  CloneRobot,
  CreateRobot,
  CreateRobotTag,
  DeleteRobot,
  DeleteRobotTag,
  DisableDbSearch,
  DisableLibrarySearch,
  DisableRobot,
  EnableDbSearch,
  EnableLibrarySearch,
  EnableRobot,
  GetBasicConfig,
  GetRobot,
  ListModels,
  ListRobots,
  ListRobotTags,
  RenameRobotTag,
  UpdateBasicConfig,
  UpdatePreset,
  UpdateRobot,
  type ModelOption,
} from '@flotilla/shared/contracts';
import { newV3Flow } from '@flotilla/shared/flows';
import { versionedReads } from '../../db/data-versions';
import { AppError, found, notFound } from '../../lib/app-error';
import { message } from '../../lib/messages';
import { newRobotConfig } from '../../plugins/app/processes/robot-configs-repository';
import { OPERATORS, STAFF } from '../access';
import { route } from '../endpoint-route';

const tags = ['robots'];

const processesRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { flows, processes, robotConfigs, robotTags, shares } = fastify.repos;
  // The built-in provider needs no model or network; configured OpenAI-compatible models
  // are offered by id, name and price only: their endpoints and keys stay on the server.
  const models: ModelOption[] = [
    { id: 'builtin', name: 'Built-in (no model)', provider: 'builtin', price: 0 },
    ...fastify.config.openaiModels.map(({ id, name, price }) => ({ id, name, provider: 'openai' as const, price })),
  ];
  // The console's busiest call, read far more often than robots change: the serialized answer is
  // cached by the tenant's data version, which every write to robots raises.
  const cachedListBody = versionedReads<string>(fastify.db, 'processes');

  route(fastify, ListRobots, {
    config: { auth: STAFF },
    tags,
    summary: 'Robots of the tenant, newest first (paged; keyword, tag filters)',
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

  route(fastify, CreateRobot, {
    config: { auth: OPERATORS },
    tags,
    summary:
      "Create a robot (with its share, disabled); its fallback reply is in the request's language; a flow robot starts with a published start → aiChat → end flow",
    handler: async (request) => {
      const { tenantId, userId } = request.auth;
      const robot = await processes.create(tenantId, userId, request.body, newRobotConfig(request.locale));
      if (robot.type !== 'flow') return robot;
      // A flow robot answers from the start: its first flow is published at once.
      try {
        await flows.createPublished(tenantId, robot.processId, 'v3', newV3Flow(), userId);
      } catch (error) {
        await processes.remove(tenantId, robot.processId);
        throw error;
      }
      return robot;
    },
  });

  // Agents read robots too: they review the robots' logs.
  route(fastify, GetRobot, {
    config: { auth: STAFF },
    tags,
    summary: 'One robot',
    handler: async (request) =>
      found(await processes.get(request.auth.tenantId, request.params.processId), 'ROBOT_NOT_FOUND'),
  });

  route(fastify, DeleteRobot, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Delete a robot and its share',
    handler: async (request) => {
      if (!(await processes.remove(request.auth.tenantId, request.params.processId))) throw notFound('ROBOT_NOT_FOUND');
      return { ok: true as const };
    },
  });

  route(fastify, UpdateRobot, {
    config: { auth: OPERATORS },
    tags,
    summary: "Change a robot's name, description, icon or type",
    handler: async (request) =>
      found(await processes.update(request.auth.tenantId, request.params.processId, request.body), 'ROBOT_NOT_FOUND'),
  });

  // A write behind GET: existing clients call it with this path and method.
  route(fastify, CloneRobot, {
    config: { auth: OPERATORS },
    tags,
    summary:
      'Copy a robot as "<name> (copy)" (in the request\'s language): basic config, preset and tags; its share disabled',
    handler: async (request) =>
      found(
        await processes.clone(
          request.auth.tenantId,
          request.auth.userId,
          request.params.processId,
          message('ROBOT_COPY_SUFFIX', request.locale),
        ),
        'ROBOT_NOT_FOUND',
      ),
  });

  route(fastify, GetBasicConfig, {
    config: { auth: OPERATORS },
    tags,
    summary: "A robot's basic config (defaults when never saved)",
    handler: async (request) =>
      found(await robotConfigs.get(request.auth.tenantId, request.params.processId), 'ROBOT_NOT_FOUND'),
  });

  route(fastify, UpdateBasicConfig, {
    config: { auth: OPERATORS },
    tags,
    summary:
      "Change a robot's basic config (fields given): model, prompt, temperature, history, fallback reply, bound datasets and databases",
    handler: async (request) => {
      if (request.body.model !== undefined && !models.some((model) => model.id === request.body.model)) {
        throw new AppError(400, 'BAD_REQUEST', 'UNKNOWN_MODEL');
      }
      return found(
        await robotConfigs.update(request.auth.tenantId, request.params.processId, request.body),
        'ROBOT_NOT_FOUND',
      );
    },
  });

  const searchSwitches = [
    [EnableLibrarySearch, { librarySearch: true }, 'Let a robot search its datasets'],
    [DisableLibrarySearch, { librarySearch: false }, 'Stop a robot searching its datasets'],
    [EnableDbSearch, { dbSearch: true }, 'Let a robot query its databases'],
    [DisableDbSearch, { dbSearch: false }, 'Stop a robot querying its databases'],
  ] as const;
  for (const [call, change, summary] of searchSwitches) {
    route(fastify, call, {
      config: { auth: OPERATORS },
      tags,
      summary,
      handler: async (request) =>
        found(await robotConfigs.update(request.auth.tenantId, request.params.processId, change), 'ROBOT_NOT_FOUND'),
    });
  }

  route(fastify, UpdatePreset, {
    config: { auth: OPERATORS },
    tags,
    summary: "Set a robot's welcome text and suggested questions (its share page shows them)",
    handler: async (request) =>
      found(await shares.setPreset(request.auth.tenantId, request.params.processId, request.body), 'ROBOT_NOT_FOUND'),
  });

  // adminId is part of the path existing clients call; every admin of a tenant is offered the same models.
  route(fastify, ListModels, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Models a robot may use, with their price (never keys or endpoints)',
    handler: async () => models,
  });

  route(fastify, ListRobotTags, {
    config: { auth: STAFF },
    tags,
    summary: "The tenant's robot tags, by name",
    handler: async (request) => robotTags.list(request.auth.tenantId),
  });

  route(fastify, CreateRobotTag, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Create a robot tag (409 when the name is taken)',
    handler: async (request) => robotTags.create(request.auth.tenantId, request.body.name),
  });

  route(fastify, BindRobotTags, {
    config: { auth: OPERATORS },
    tags,
    summary: "Replace a robot's tags",
    handler: async (request) =>
      found(
        await robotTags.bind(request.auth.tenantId, request.body.processId, request.body.tagIds),
        'ROBOT_NOT_FOUND',
      ),
  });

  route(fastify, RenameRobotTag, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Rename a robot tag (409 when the name is taken)',
    handler: async (request) => robotTags.rename(request.auth.tenantId, request.params.id, request.query.name),
  });

  route(fastify, DeleteRobotTag, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Delete a robot tag, unbinding it from every robot',
    handler: async (request) => {
      await robotTags.remove(request.auth.tenantId, request.params.id);
      return { ok: true as const };
    },
  });

  for (const [call, enabled] of [
    [EnableRobot, true],
    [DisableRobot, false],
  ] as const) {
    route(fastify, call, {
      config: { auth: OPERATORS },
      tags,
      summary: enabled ? 'Enable a robot' : 'Disable a robot (its share stops answering)',
      handler: async (request) =>
        found(await processes.setEnabled(request.auth.tenantId, request.params.processId, enabled), 'ROBOT_NOT_FOUND'),
    });
  }
};

export default processesRoutes;
