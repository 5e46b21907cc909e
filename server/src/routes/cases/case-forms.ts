import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GetCaseForm, PutCaseForm } from '@flotilla/shared/contracts';
import { found, invalidInput } from '../../lib/app-error';
import { OPERATORS } from '../access';
import { route } from '../endpoint-route';

const tags = ['cases'];

/** A robot's case form: the fields a conversation must give for a case to open (docs/cases.md). */
const caseFormsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { caseForms, processes } = fastify.repos;

  route(fastify, GetCaseForm, {
    config: { auth: OPERATORS },
    tags,
    summary: "A robot's case form (`{ enabled: false, fields: [] }` when it has none)",
    handler: async (request) => {
      const robot = found(await processes.get(request.auth.tenantId, request.params.id), 'ROBOT_NOT_FOUND');
      return caseForms.get(request.auth.tenantId, robot.processId);
    },
  });

  route(fastify, PutCaseForm, {
    config: { auth: OPERATORS },
    tags,
    summary: "Replace a robot's case form (field names unique: 422 CASE_FORM_DUPLICATE_FIELD)",
    handler: async (request) => {
      const robot = found(await processes.get(request.auth.tenantId, request.params.id), 'ROBOT_NOT_FOUND');
      const seen = new Set<string>();
      request.body.fields.forEach((field, i) => {
        if (seen.has(field.name)) throw invalidInput(['body', 'fields', i, 'name'], 'CASE_FORM_DUPLICATE_FIELD');
        seen.add(field.name);
      });
      return caseForms.put(request.auth.tenantId, robot.processId, request.body);
    },
  });
};

export default caseFormsRoutes;
