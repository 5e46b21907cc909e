import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateBusinessScene,
  GetBusinessScene,
  ListBusinessScenes,
  ListSceneTemplates,
  UpdateBusinessScene,
  type Locale,
  type SceneValues,
} from '@flotilla/shared/contracts';
import { buildSceneFlow, type FilledValues, type SceneValueProblem } from '../../engine/scenes/fill-template';
import { isOffered, localizedTemplate, readSceneTemplates } from '../../engine/scenes/scene-templates';
import { found, invalidInput, notFound } from '../../lib/app-error';
import type { MessageKey } from '../../lib/messages';
import { newRobotConfig } from '../../plugins/app/processes/robot-configs-repository';
import { OPERATORS, STAFF } from '../access';
import { route } from '../endpoint-route';

const tags = ['business-scenes'];

const PROBLEM_MESSAGES: Record<SceneValueProblem, MessageKey> = {
  required: 'SCENE_VALUE_REQUIRED',
  wrongKind: 'SCENE_VALUE_WRONG_KIND',
  tooLong: 'SCENE_VALUE_TOO_LONG',
  notPrice: 'SCENE_VALUE_NOT_PRICE',
  unknown: 'SCENE_VALUE_UNKNOWN',
  unusable: 'SCENE_VALUE_UNUSABLE',
};

const businessScenesRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { processes, flows, scenes, datasets, databases } = fastify.repos;
  // Read once at start: a template file that does not fit stops the server here, not an operator later.
  const offered = readSceneTemplates().filter(isOffered);

  const templateOf = (templateId: string) =>
    found(
      offered.find((template) => template.id === templateId),
      'SCENE_TEMPLATE_NOT_FOUND',
    );

  /** The template filled with the form: 422 at the first field it cannot take, 404 for a dataset the tenant lacks. */
  async function sceneFlow(tenantId: string, templateId: string, values: SceneValues, locale: Locale) {
    const template = templateOf(templateId);
    const built = buildSceneFlow(template, values, locale);
    if (!built.ok) {
      const [issue] = built.issues;
      const loc = issue?.field ? ['body', 'values', issue.field] : ['body', 'values'];
      throw invalidInput(loc, 'VALIDATION_FAILED', PROBLEM_MESSAGES[issue?.problem ?? 'unusable']);
    }
    for (const field of template.fields) {
      const ids = field.kind === 'datasets' || field.kind === 'databases' ? (built.values[field.name] as string[]) : [];
      for (const id of ids) {
        if (field.kind === 'datasets') found(await datasets.get(tenantId, id), 'DATASET_NOT_FOUND');
        else found(await databases.get(tenantId, id), 'DATABASE_NOT_FOUND');
      }
    }
    return built;
  }

  /** The scene of the tenant's robot: 404 ROBOT_NOT_FOUND for no such robot, SCENE_NOT_FOUND for a robot of no scene. */
  async function sceneOf(tenantId: string, processId: string) {
    const robot = found(await processes.get(tenantId, processId), 'ROBOT_NOT_FOUND');
    const scene = await scenes.get(tenantId, processId);
    if (!scene) throw notFound('SCENE_NOT_FOUND');
    return { robot, scene };
  }

  const answer = (processId: string, templateId: string, name: string, values: FilledValues) => ({
    processId,
    templateId,
    name,
    values,
  });

  route(fastify, ListSceneTemplates, {
    config: { auth: STAFF },
    tags,
    summary: "The templates a scene robot can be built from, in the request's language",
    handler: async (request) => offered.map((template) => localizedTemplate(template, request.locale)),
  });

  route(fastify, ListBusinessScenes, {
    config: { auth: STAFF },
    tags,
    summary: 'Scene robots of the tenant with their templates, newest first (paged; keyword)',
    handler: async (request) => {
      const { tenantId } = request.auth;
      const page = await scenes.list(tenantId, request.query);
      const robots = new Map(
        (
          await processes.getMany(
            tenantId,
            page.list.map((row) => row.processId),
          )
        ).map((robot) => [robot.processId, robot]),
      );
      const list = page.list.flatMap((row) => {
        const robot = robots.get(row.processId);
        return robot ? [{ robot, templateId: row.templateId }] : [];
      });
      return { list, total: page.total };
    },
  });

  route(fastify, CreateBusinessScene, {
    config: { auth: OPERATORS },
    tags,
    summary:
      'Build a flow robot from a template and its form (422 at the field refused, 404 for an unknown template or dataset); it answers at once',
    handler: async (request) => {
      const { tenantId, userId } = request.auth;
      const { templateId, name, values } = request.body;
      // Everything the request could get wrong is checked before anything is written.
      const built = await sceneFlow(tenantId, templateId, values, request.locale);
      const robot = await processes.create(tenantId, userId, { name, type: 'flow' }, newRobotConfig(request.locale));
      try {
        await flows.createPublished(tenantId, robot.processId, 'v3', built.graph, userId);
        await scenes.create(tenantId, robot.processId, templateId, built.values);
      } catch (error) {
        // A robot without its flow or scene would be half a scene robot: it goes (its flow cascades).
        await processes.remove(tenantId, robot.processId);
        throw error;
      }
      return robot;
    },
  });

  route(fastify, GetBusinessScene, {
    config: { auth: STAFF },
    tags,
    summary: "A scene robot's template and form values",
    handler: async (request) => {
      const { robot, scene } = await sceneOf(request.auth.tenantId, request.params.processId);
      return answer(robot.processId, scene.templateId, robot.name, scene.values);
    },
  });

  route(fastify, UpdateBusinessScene, {
    config: { auth: OPERATORS },
    tags,
    summary:
      "Build a scene robot's flow again from its template and new values and publish it (replacing changes made in the flow editor)",
    handler: async (request) => {
      const { tenantId, userId } = request.auth;
      const { processId } = request.params;
      const { scene } = await sceneOf(tenantId, processId);
      const built = await sceneFlow(tenantId, scene.templateId, request.body.values, request.locale);
      const robot = request.body.name
        ? await processes.update(tenantId, processId, { name: request.body.name })
        : await processes.get(tenantId, processId);
      // The robot may have been deleted meanwhile.
      if (!robot || !(await flows.saveDraft(tenantId, processId, 'v3', built.graph))) throw notFound('ROBOT_NOT_FOUND');
      found(await flows.publish(tenantId, processId, userId), 'ROBOT_NOT_FOUND');
      if (!(await scenes.update(tenantId, processId, built.values))) throw notFound('SCENE_NOT_FOUND');
      return answer(processId, scene.templateId, robot.name, built.values);
    },
  });
};

export default businessScenesRoutes;
