import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DATABASE_TABLE_LIMITS, ImportTable, PreviewTableImport } from '@flotilla/shared/contracts';
import { importIntoBuiltin, queueTableImport } from '../../databases/table-import/import-job';
import { OPERATORS } from '../access';
import { route } from '../endpoint-route';
import { builtinPathOf, writeFailure } from './database-access';
import { readImportForm, refusal, tableOf } from './import-form';

const tags = ['databases'];

/** Built-in tables from csv or xlsx files: a preview that changes nothing, and the import itself. */
const databaseImportsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  route(fastify, PreviewTableImport, {
    config: { auth: OPERATORS },
    tags,
    summary: "Read a csv or xlsx file's header, inferred column types and first rows, changing nothing",
    description:
      'Multipart `file` (at most 20 MB; csv in UTF-8, or the first sheet of an xlsx). Types: integer, number, boolean, date, else text. A bad header answers 422 naming the column.',
    handler: async (request) => {
      await builtinPathOf(fastify, request, request.params.id);
      const form = await readImportForm(request);
      const check = await tableOf(fastify, form, { validate: false, rowsUpTo: 0 });
      if (check.refused) throw refusal(check.refused, request.locale);
      return { columns: check.columns, rows: check.rows, total: check.total };
    },
  });

  route(fastify, ImportTable, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Create or replace a built-in table from a csv or xlsx file: every row or none',
    description:
      'Multipart `file`, `table`, optional `columns` (JSON of [{name, type}] overriding the inferred types). Every row is checked first: rows that do not fit answer 422 with `detail` of `{ loc: ["file", row, column], msg }` (the first 100) and nothing changes. ' +
      'Columns named like keys (id, code, no, number, phone, sku, email… alone or at the end of a name, …号, 手机, 电话, 邮箱) whose values are all present and different get a unique index. ' +
      `Files of more than ${DATABASE_TABLE_LIMITS.inlineImportRows} rows are written by a background task (\`taskId\`, \`rows: 0\`).`,
    handler: async (request) => {
      const { tenantId, userId } = request.auth;
      const databaseId = request.params.id;
      await builtinPathOf(fastify, request, databaseId);
      const form = await readImportForm(request, true);
      const table = form.table!;
      // Every row is read and checked in a parser process; only a small file's values come back here.
      const check = await tableOf(fastify, form, { validate: true, rowsUpTo: DATABASE_TABLE_LIMITS.inlineImportRows });
      if (check.refused) throw refusal(check.refused, request.locale);
      const target = { tenantId, databaseId, table };
      if (!check.stored) {
        const job = await queueTableImport(fastify, target, {
          userId,
          title: form.name,
          type: form.type,
          bytes: form.bytes,
          ...(form.overrides && { columns: form.overrides }),
        });
        fastify.jobs.wake();
        return { table, rows: 0, taskId: job.id };
      }
      try {
        await importIntoBuiltin(fastify.repos, target, check.columns, check.stored);
      } catch (error) {
        throw writeFailure(error);
      }
      return { table, rows: check.stored.length };
    },
  });
};

export default databaseImportsRoutes;
