import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DownloadUserImportTemplate,
  ExportUsers,
  ImportUsers,
  PreviewUserImport,
  USER_IMPORT_LIMITS,
  USERS_EXPORT_FILE,
  USERS_TEMPLATE_FILE,
} from '@flotilla/shared/contracts';
import { AppError, invalidInput } from '../../lib/app-error';
import { contentDisposition } from '../../lib/upload-content';
import { ReasonError } from '../../knowledge/reasons';
import { checkUsersFile, previewOf, rowErrors } from '../../users/import/check';
import { SheetRefused, type SheetUser } from '../../users/import/sheet';
import { queueUsersImport, readUsersFile, type UsersFile } from '../../users/import/upload';
import { exportedUsers } from '../../plugins/app/users/users-import-store';
import { exportWorkbook, templateWorkbook } from '../../users/import/workbooks';
import { ADMINS } from '../access';
import { route } from '../endpoint-route';

const tags = ['users'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file's users checked; a file that cannot be taken as a whole (unreadable, too many rows, no users) → 422 on `file`. */
async function usersOf(fastify: FastifyInstance, request: FastifyRequest, file: UsersFile): Promise<SheetUser[]> {
  try {
    return await checkUsersFile(fastify, request.auth.tenantId, file.type, file.bytes);
  } catch (error) {
    if (error instanceof SheetRefused) throw invalidInput(['body', 'file'], 'VALIDATION_FAILED', error.key);
    if (error instanceof ReasonError) throw invalidInput(['body', 'file'], 'VALIDATION_FAILED', error.reason);
    throw error;
  }
}

/** Users from a spreadsheet: preview, import (a task), the template, and the filtered users exported as xlsx. */
const usersImportRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  route(fastify, PreviewUserImport, {
    config: { auth: ADMINS },
    tags,
    summary: 'Check a users spreadsheet (xlsx or csv) and answer every row with its errors, changing nothing',
    description:
      `Multipart \`file\` (at most ${USER_IMPORT_LIMITS.bytes / 1024 / 1024} MB and ${USER_IMPORT_LIMITS.rows} users; the first sheet of an xlsx, or a UTF-8 csv). ` +
      'The header row names the columns: username/用户名, nickname/昵称, phone/手机号, password/密码, role/角色, isAgent/是否客服 (nickname and isAgent optional). ' +
      "`row` is the sheet's row number (the header is row 1); errors are in the request's language. A formula counts as its saved result, never evaluated.",
    handler: async (request) => {
      const file = await readUsersFile(request);
      return previewOf(await usersOf(fastify, request, file), request.locale);
    },
  });

  route(fastify, ImportUsers, {
    config: { auth: ADMINS },
    tags,
    summary: 'Create every user of a spreadsheet, or none, in a background task',
    description:
      'Multipart `file`, checked again as the preview checks it. Any invalid row answers 422 with one `detail` entry per row (`loc: ["file", row]`, `msg`: its errors) and nothing changes. ' +
      'Otherwise the `importUsers` task (`GET /v1/tasks`: progress, cancel) creates all the users in one transaction.',
    handler: async (request) => {
      const file = await readUsersFile(request);
      const users = await usersOf(fastify, request, file);
      const bad = users.filter((user) => user.problems.length > 0);
      if (bad.length > 0) {
        const detail = bad.map((user) => ({
          loc: ['file', user.row],
          msg: rowErrors(user, request.locale).join('; '),
          type: 'USERS_IMPORT_ROW_INVALID',
        }));
        throw new AppError(422, 'VALIDATION_FAILED', 'VALIDATION_FAILED', { detail });
      }
      const job = await queueUsersImport(fastify, request.auth, file);
      fastify.jobs.wake();
      return { taskId: job.id };
    },
  });

  route(fastify, DownloadUserImportTemplate, {
    config: { auth: ADMINS },
    tags,
    summary: 'The users spreadsheet template: the header row and one example row (users-template.xlsx)',
    file: { type: XLSX, description: USERS_TEMPLATE_FILE },
    handler: async (request, reply) =>
      reply
        .type(XLSX)
        .header('content-disposition', contentDisposition('attachment', USERS_TEMPLATE_FILE))
        .send(await templateWorkbook(request.locale)),
  });

  route(fastify, ExportUsers, {
    config: { auth: ADMINS },
    tags,
    summary: 'The filtered users (phone, name, role, balance, created) as users.xlsx',
    description: `The filters of \`GET /v1/users/list\` without paging. More than ${USER_IMPORT_LIMITS.exportRows} matching users answers 422: narrow the filters.`,
    file: { type: XLSX, description: USERS_EXPORT_FILE },
    handler: async (request, reply) => {
      const { keyword, phone, role, ban, isAgent, sort, order } = request.body;
      const filters = { keyword, phone, role, ban, isAgent, sort, order };
      const users = await exportedUsers(fastify.db, request.auth.tenantId, filters, USER_IMPORT_LIMITS.exportRows + 1);
      if (users.length > USER_IMPORT_LIMITS.exportRows)
        throw invalidInput(['body'], 'VALIDATION_FAILED', 'USERS_EXPORT_TOO_MANY');
      return reply
        .type(XLSX)
        .header('content-disposition', contentDisposition('attachment', USERS_EXPORT_FILE))
        .send(await exportWorkbook(users, request.locale));
    },
  });
};

export default usersImportRoutes;
