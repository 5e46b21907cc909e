import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from './common';
import { endpoint } from './endpoint';
import { ListUsersQuerySchema } from './users';

/** Budgets of the users spreadsheet calls. */
export const USER_IMPORT_LIMITS = {
  /** The largest upload a preview or an import reads (a larger one answers 422 UPLOAD_TOO_LARGE). */
  bytes: 10 * 1024 * 1024,
  /** User rows a file may hold below its header row (more answers 422). */
  rows: 10_000,
  /** Users an export writes at most (more matching the filters answers 422: narrow them). */
  exportRows: 50_000,
} as const;

/** The sheet's columns, by the names the template writes (a header may also use the Chinese names). */
export const USER_IMPORT_COLUMNS = ['username', 'nickname', 'phone', 'password', 'role', 'isAgent'] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];

/** One user row of the sheet as checked: `row` is its number in the sheet (the header is row 1). */
export const UserImportRowSchema = Type.Object({
  row: Type.Integer({ minimum: 2 }),
  username: Type.String(),
  phone: Type.String(),
  /** What is wrong with the row, in the request's language; empty when it can be imported. */
  errors: Type.Array(Type.String()),
});
export type UserImportRow = Static<typeof UserImportRowSchema>;

/** `POST /v1/users/import/preview`: every user row in sheet order, and how many can and cannot be imported. */
export const UserImportPreviewResponseSchema = Type.Object({
  rows: Type.Array(UserImportRowSchema),
  valid: Type.Integer({ minimum: 0 }),
  invalid: Type.Integer({ minimum: 0 }),
});
export type UserImportPreviewResponse = Static<typeof UserImportPreviewResponseSchema>;

/** `POST /v1/users/import`: the background task that creates the users (`GET /v1/tasks` shows its progress). */
export const ImportUsersResponseSchema = Type.Object({ taskId: IdSchema });
export type ImportUsersResponse = Static<typeof ImportUsersResponseSchema>;

/** `POST /v1/users/phone/excel`: the filters of `GET /v1/users/list`, without paging. */
export const ExportUsersBodySchema = Type.Omit(ListUsersQuerySchema, ['offset', 'limit']);
export type ExportUsersBody = Static<typeof ExportUsersBodySchema>;

/**
 * Checks a users spreadsheet (multipart `file`, xlsx or csv) and answers every row with its errors, changing
 * nothing (admin only).
 */
export const PreviewUserImport = endpoint({
  method: 'POST',
  path: '/v1/users/import/preview',
  bodyAs: 'multipart',
  response: UserImportPreviewResponseSchema,
});
/**
 * Checks a users spreadsheet again and queues the task that creates all its users in one transaction; any
 * invalid row answers 422 (one `detail` entry per row, `loc: ['file', row]`) and nothing changes (admin only).
 */
export const ImportUsers = endpoint({
  method: 'POST',
  path: '/v1/users/import',
  bodyAs: 'multipart',
  response: ImportUsersResponseSchema,
});
/** The names the browser saves the template and the export under (the server's Content-Disposition says the same). */
export const USERS_TEMPLATE_FILE = 'users-template.xlsx';
export const USERS_EXPORT_FILE = 'users.xlsx';

/** The users spreadsheet template, `users-template.xlsx`: the header row and one example row (admin only). */
export const DownloadUserImportTemplate = endpoint({
  method: 'GET',
  path: '/v1/users/import/template',
  response: Type.String({ format: 'binary' }),
  answer: 'blob',
});
/** The filtered users (phone, name, role, balance, created) as `users.xlsx` (admin only). */
export const ExportUsers = endpoint({
  method: 'POST',
  path: '/v1/users/phone/excel',
  body: ExportUsersBodySchema,
  response: Type.String({ format: 'binary' }),
  answer: 'blob',
});
