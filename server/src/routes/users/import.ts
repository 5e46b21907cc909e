import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** Users from a spreadsheet: preview, import (a task), the template, and the filtered users exported as xlsx. */
const usersImportRoutes: FastifyPluginAsyncTypebox = async () => {};

export default usersImportRoutes;
