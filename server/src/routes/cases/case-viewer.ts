import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CaseViewer } from '../../plugins/app/cases/cases-repository';

/**
 * Who is asking: agents (role agent, or an operator with the agent flag) see only the cases of their teams
 * and those given to them; admins and other operators see every case of the tenant. The one agent test of
 * the cases area: cases, orders, notifications and teams all read it from here.
 */
export async function viewerOf(fastify: FastifyInstance, request: FastifyRequest): Promise<CaseViewer> {
  const { tenantId, userId, role } = request.auth;
  const agentOnly =
    role === 'agent' || (role === 'operator' && (await fastify.repos.users.get(tenantId, userId))?.isAgent === true);
  return { tenantId, userId, agentOnly };
}
