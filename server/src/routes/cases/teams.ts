import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  AddCaseSalePhone,
  CASE_TEAM_EXPORT_FILE,
  CASE_TEAM_LIMITS,
  CountCaseTeams,
  CreateCaseTeam,
  DeleteCaseSalePhone,
  DeleteCaseTeam,
  DisableCaseTeamSubscription,
  EnableCaseTeamSubscription,
  ExportCaseTeam,
  ListCaseSalePhones,
  ListCaseTeamProcesses,
  ListCaseTeams,
  SetCaseTeamProcesses,
  UpdateCaseTeam,
  type CaseTeamBody,
} from '@flotilla/shared/contracts';
import { AppError, invalidInput, notFound } from '../../lib/app-error';
import { contentDisposition } from '../../lib/upload-content';
import {
  normalizePhone,
  type TeamInput,
  type TeamReader,
  type TeamWriteResult,
} from '../../plugins/app/cases/case-teams-repository';
import { OPERATORS, STAFF } from '../access';
import { route } from '../endpoint-route';
import { viewerOf } from './case-viewer';
import { teamWorkbook } from './team-workbook';

const tags = ['cases'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A team as stored: name and description trimmed, the name never blank, members without repeats. */
function teamInput({ name, description, memberIds }: CaseTeamBody): TeamInput {
  if (!name.trim()) throw invalidInput(['body', 'name'], 'VALIDATION_FAILED');
  return { name: name.trim(), description: (description ?? '').trim(), memberIds: [...new Set(memberIds)] };
}

/** A team write's answer, or its refusal as an error. */
function written(result: TeamWriteResult, input: TeamInput, body: CaseTeamBody) {
  if (result.ok) return result.team;
  if (result.reason === 'NOT_FOUND') throw notFound('CASE_TEAM_NOT_FOUND');
  if (result.reason === 'NAME_TAKEN') throw new AppError(409, 'CASE_TEAM_NAME_TAKEN');
  // Another tenant's user is as unknown as no user: 404, so nothing tells them apart.
  if (result.reason === 'MEMBER_UNKNOWN') throw notFound('USER_NOT_FOUND');
  throw invalidInput(
    ['body', 'memberIds', body.memberIds.indexOf(input.memberIds[result.index]!)],
    'CASE_TEAM_MEMBER_INVALID',
  );
}

/** Teams, the robots they receive, subscriptions, the phone whitelist and the team export. */
const caseTeamsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { caseTeams } = fastify.repos;
  /** The caller as a team reader: the same agent test as the cases list's. */
  const readerOf = async (request: FastifyRequest): Promise<TeamReader> => viewerOf(fastify, request);

  /** The team, as the caller may see it (an agent only its own teams); otherwise 404. */
  const teamFor = async (request: FastifyRequest, teamId: string) => {
    const team = await caseTeams.get(request.auth.tenantId, await readerOf(request), teamId);
    if (!team) throw notFound('CASE_TEAM_NOT_FOUND');
    return team;
  };

  route(fastify, ListCaseTeams, {
    config: { auth: STAFF },
    tags,
    summary: "One page of the tenant's teams with members and robots, oldest first (agents: the teams they are in)",
    handler: async (request) => caseTeams.list(request.auth.tenantId, await readerOf(request), request.query),
  });

  route(fastify, CountCaseTeams, {
    config: { auth: STAFF },
    tags,
    summary: 'How many teams the caller may see',
    handler: async (request) => ({ total: await caseTeams.count(request.auth.tenantId, await readerOf(request)) }),
  });

  route(fastify, CreateCaseTeam, {
    config: { auth: OPERATORS },
    tags,
    summary: 'A new team; members are unfrozen users of the tenant, in turn order (409 when the name is taken)',
    description: `At most ${CASE_TEAM_LIMITS.membersMax} members.`,
    handler: async (request) => {
      const input = teamInput(request.body);
      return written(await caseTeams.create(request.auth.tenantId, input), input, request.body);
    },
  });

  route(fastify, UpdateCaseTeam, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Renames a team and sets its members (members kept keep their turn; new ones join at the end)',
    handler: async (request) => {
      // The team first: an unknown or another tenant's team is 404 CASE_TEAM_NOT_FOUND whatever the body names.
      await teamFor(request, request.params.teamId);
      const input = teamInput(request.body);
      return written(await caseTeams.update(request.auth.tenantId, request.params.teamId, input), input, request.body);
    },
  });

  route(fastify, DeleteCaseTeam, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Deletes a team; its cases stay, without a team',
    handler: async (request) => {
      if (!(await caseTeams.remove(request.auth.tenantId, request.params.teamId)))
        throw notFound('CASE_TEAM_NOT_FOUND');
      return { ok: true as const };
    },
  });

  route(fastify, ListCaseTeamProcesses, {
    config: { auth: STAFF },
    tags,
    summary: 'The robots a team receives cases of, and whether it is subscribed to each (agents: their teams)',
    handler: async (request) => {
      const team = await teamFor(request, request.query.teamId);
      return { list: team.processes, total: team.processes.length };
    },
  });

  route(fastify, SetCaseTeamProcesses, {
    config: { auth: OPERATORS },
    tags,
    summary: "Sets a team's robots: left-out ones are removed, new ones start subscribed",
    description: `At most ${CASE_TEAM_LIMITS.processesMax} robots.`,
    handler: async (request) => {
      const { tenantId } = request.auth;
      const { teamId, processIds } = request.body;
      await teamFor(request, teamId);
      const unknown = await caseTeams.unknownProcesses(tenantId, processIds);
      if (unknown.length > 0) throw notFound('ROBOT_NOT_FOUND');
      await caseTeams.setProcesses(tenantId, teamId, processIds);
      const list = await caseTeams.processes(tenantId, teamId);
      return { list, total: list.length };
    },
  });

  for (const [descriptor, subscribed] of [
    [EnableCaseTeamSubscription, true],
    [DisableCaseTeamSubscription, false],
  ] as const) {
    route(fastify, descriptor, {
      config: { auth: OPERATORS },
      tags,
      summary: subscribed
        ? "The team receives the robot's cases (the robot is added to its list when missing)"
        : "The team stops receiving the robot's cases; the robot stays on its list",
      handler: async (request) => {
        const { tenantId } = request.auth;
        const { teamId, processId } = request.body;
        const team = await teamFor(request, teamId);
        const listed = team.processes.some((p) => p.processId === processId);
        if (!listed && !subscribed) throw notFound('ROBOT_NOT_FOUND');
        if (!listed && (await caseTeams.unknownProcesses(tenantId, [processId])).length > 0)
          throw notFound('ROBOT_NOT_FOUND');
        await caseTeams.setSubscribed(tenantId, teamId, processId, subscribed);
        const entry = (await caseTeams.processes(tenantId, teamId)).find((p) => p.processId === processId);
        if (!entry) throw notFound('ROBOT_NOT_FOUND');
        return entry;
      },
    });
  }

  route(fastify, ExportCaseTeam, {
    config: { auth: STAFF },
    tags,
    summary: "A team's cases as an xlsx workbook, newest first (agents: the teams they are in)",
    description:
      `At most ${CASE_TEAM_LIMITS.exportRowsMax} cases and ${CASE_TEAM_LIMITS.exportBytesMax} bytes of cell text ` +
      '(newest first; the cases past either bound are left out).',
    file: { type: XLSX_TYPE, description: "The team's cases as an xlsx workbook" },
    handler: async (request, reply) => {
      const team = await teamFor(request, request.query.teamId);
      const bytes = await teamWorkbook(team.name, caseTeams.exportRows(request.auth.tenantId, team.id), request.locale);
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', contentDisposition('attachment', CASE_TEAM_EXPORT_FILE))
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  });

  route(fastify, ListCaseSalePhones, {
    config: { auth: OPERATORS },
    tags,
    summary: 'The phones allowed to receive cases, in phone order (empty: every member may receive them)',
    handler: async (request) => caseTeams.phones(request.auth.tenantId, request.query),
  });

  route(fastify, AddCaseSalePhone, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Adds a phone to the whitelist (spaces and dashes dropped; 409 when listed already or full)',
    description: `At most ${CASE_TEAM_LIMITS.salePhonesMax} phones.`,
    handler: async (request) => {
      const phone = normalizePhone(request.body.phone);
      const digits = phone.replace(/^\+/, '').length;
      if (digits < 5 || digits > 20)
        throw invalidInput(['body', 'phone'], 'VALIDATION_FAILED', 'CASE_SALE_PHONE_INVALID');
      const result = await caseTeams.addPhone(request.auth.tenantId, phone);
      if (result.ok) return result.phone;
      throw new AppError(409, result.reason === 'TAKEN' ? 'CASE_SALE_PHONE_TAKEN' : 'CASE_SALE_PHONES_FULL');
    },
  });

  route(fastify, DeleteCaseSalePhone, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Takes a phone off the whitelist',
    handler: async (request) => {
      if (!(await caseTeams.removePhone(request.auth.tenantId, request.query.id)))
        throw notFound('CASE_SALE_PHONE_NOT_FOUND');
      return { ok: true as const };
    },
  });
};

export default caseTeamsRoutes;
