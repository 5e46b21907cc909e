import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CASE_FILE_LIMITS,
  CASE_FILE_REPORT_EXPORT_FILE,
  CountCaseFiles,
  CountCaseReports,
  DeleteCaseFile,
  DeleteCaseFiles,
  ExportCaseFileReport,
  GetCaseFileAnalysis,
  GetCaseFileReport,
  ListCaseFileReports,
  ListCaseFiles,
  ListCaseReports,
  StartCaseFileAnalysis,
  UploadCaseFile,
} from '@flotilla/shared/contracts';
import { readCaseFile } from '../../cases/files/upload';
import { reportWorkbook } from '../../cases/files/report-workbook';
import { AppError, found, invalidInput, notFound } from '../../lib/app-error';
import { contentDisposition } from '../../lib/upload-content';
import { OPERATORS } from '../access';
import { route } from '../endpoint-route';

const tags = ['cases'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Case files, their analysis and the file reports; the list of every report (files and comparisons). */
const caseFilesRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { caseFiles, processes } = fastify.repos;

  /** 404 CASE_FILE_NOT_FOUND / 409 CASE_FILE_IN_USE for a refused delete. */
  const deleted = (result: 'deleted' | 'missing' | 'busy') => {
    if (result === 'missing') throw notFound('CASE_FILE_NOT_FOUND');
    if (result === 'busy') throw new AppError(409, 'CASE_FILE_IN_USE');
  };

  route(fastify, UploadCaseFile, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Upload a case file (a question set or a conversation log) and read its questions',
    description:
      `Multipart \`file\`: xlsx (first sheet), UTF-8 csv, or json (an array of objects); at most ${CASE_FILE_LIMITS.bytes / 1024 / 1024} MB and ${CASE_FILE_LIMITS.rows} questions. ` +
      'Columns by header: question/问题 (required), expected/expected answer/标准答案/期望答案, answer/回答, session/会话. ' +
      'Rows without a question are skipped; a file with answer or session columns is a conversation log. ' +
      'A formula counts as its saved result, never evaluated. The bytes are not kept.',
    handler: async (request) => {
      const file = await readCaseFile(fastify, request);
      const { tenantId, userId } = request.auth;
      return caseFiles.create(tenantId, userId, {
        name: file.name,
        type: file.type,
        kind: file.kind,
        size: file.size,
        rows: file.rows.map(({ question, expected, answer, session }) => ({ question, expected, answer, session })),
      });
    },
  });

  route(fastify, ListCaseFiles, {
    config: { auth: OPERATORS },
    tags,
    summary: "The tenant's case files, newest first (paged; keyword in the name), each with its newest analysis",
    handler: async (request) => {
      const { offset, limit, keyword } = request.query;
      return caseFiles.list(request.auth.tenantId, { offset, limit, keyword });
    },
  });

  route(fastify, CountCaseFiles, {
    config: { auth: OPERATORS },
    tags,
    summary: 'How many case files match the keyword',
    handler: async (request) => ({
      total: await caseFiles.count(request.auth.tenantId, { keyword: request.query.keyword }),
    }),
  });

  route(fastify, DeleteCaseFile, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Delete a case file with its rows and file reports',
    description: 'A file with an analysis queued or running answers 409 CASE_FILE_IN_USE: cancel the task first.',
    handler: async (request) => {
      deleted(await caseFiles.delete(request.auth.tenantId, [request.query.id]));
      return { ok: true as const };
    },
  });

  route(fastify, DeleteCaseFiles, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Delete several case files with their rows and reports, all or none',
    description: `At most ${CASE_FILE_LIMITS.deleteMax} ids. One not of the tenant: 404 and nothing is deleted; one being analysed: 409 CASE_FILE_IN_USE.`,
    handler: async (request) => {
      const ids = [...new Set(request.body.ids)];
      deleted(await caseFiles.delete(request.auth.tenantId, ids));
      return { deleted: ids.length };
    },
  });

  route(fastify, StartCaseFileAnalysis, {
    config: { auth: OPERATORS },
    tags,
    summary:
      'Analyse a case file with a robot: a task asks it each question as visitors would and writes a file report',
    description:
      'The `analyzeCaseFile` task (`GET /v1/tasks`: progress, cancel, retry) answers the questions one by one, charged like answers; ' +
      'a retried or restarted task goes on from the first question not answered yet.',
    handler: async (request) => {
      const { tenantId, userId } = request.auth;
      const file = found(await caseFiles.get(tenantId, request.body.fileId), 'CASE_FILE_NOT_FOUND');
      const robot = found(await processes.get(tenantId, request.body.processId), 'ROBOT_NOT_FOUND');
      const { reportId } = await caseFiles.startAnalysis(tenantId, {
        userId,
        fileId: file.id,
        fileName: file.name,
        processId: robot.processId,
        questionCount: file.rowCount,
        locale: request.locale,
      });
      fastify.jobs.wake();
      return found(await caseFiles.analysis(tenantId, { reportId }), 'CASE_FILE_REPORT_NOT_FOUND');
    },
  });

  route(fastify, GetCaseFileAnalysis, {
    config: { auth: OPERATORS },
    tags,
    summary: "Where an analysis is: a file's newest (`fileId`) or one report's (`id`): status, progress, report",
    handler: async (request) => {
      const { tenantId } = request.auth;
      const { fileId, id } = request.query;
      if ((fileId === undefined) === (id === undefined))
        throw invalidInput(['querystring', 'fileId'], 'VALIDATION_FAILED', 'CASE_FILE_ANALYSIS_TARGET');
      if (id !== undefined)
        return found(await caseFiles.analysis(tenantId, { reportId: id }), 'CASE_FILE_REPORT_NOT_FOUND');
      found(await caseFiles.get(tenantId, fileId as string), 'CASE_FILE_NOT_FOUND');
      return found(await caseFiles.analysis(tenantId, { fileId: fileId as string }), 'CASE_FILE_REPORT_NOT_FOUND');
    },
  });

  route(fastify, ListCaseFileReports, {
    config: { auth: OPERATORS },
    tags,
    summary: "The tenant's file reports, newest first (paged; of one file or one robot)",
    handler: async (request) => {
      const { offset, limit, fileId, processId } = request.query;
      return caseFiles.reports(request.auth.tenantId, { offset, limit, fileId, processId });
    },
  });

  route(fastify, GetCaseFileReport, {
    config: { auth: OPERATORS },
    tags,
    summary: 'A file report: totals (questions, answered, fallbacks, fallback rate, latency) and a page of results',
    handler: async (request) => {
      const { tenantId } = request.auth;
      const report = found(await caseFiles.report(tenantId, request.params.id), 'CASE_FILE_REPORT_NOT_FOUND');
      const { offset, limit } = request.query;
      const results = await caseFiles.results(tenantId, report.id, { offset, limit });
      return { report, ...results };
    },
  });

  route(fastify, ExportCaseFileReport, {
    config: { auth: OPERATORS },
    tags,
    summary: `A file report as ${CASE_FILE_REPORT_EXPORT_FILE}: its totals, then one row per question`,
    file: { type: XLSX, description: CASE_FILE_REPORT_EXPORT_FILE },
    handler: async (request, reply) => {
      const { tenantId } = request.auth;
      const report = found(await caseFiles.report(tenantId, request.body.id), 'CASE_FILE_REPORT_NOT_FOUND');
      const { list } = await caseFiles.results(tenantId, report.id);
      return reply
        .type(XLSX)
        .header('content-disposition', contentDisposition('attachment', CASE_FILE_REPORT_EXPORT_FILE))
        .header('cache-control', 'no-store')
        .send(await reportWorkbook(report, list, request.locale));
    },
  });

  route(fastify, ListCaseReports, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Every report of the tenant, newest first: file reports and comparisons',
    handler: async (request) => {
      const { offset, limit } = request.query;
      return caseFiles.allReports(request.auth.tenantId, { offset, limit });
    },
  });

  route(fastify, CountCaseReports, {
    config: { auth: OPERATORS },
    tags,
    summary: 'How many reports (file reports and comparisons) the tenant has',
    handler: async (request) => ({ total: await caseFiles.countAllReports(request.auth.tenantId) }),
  });
};

export default caseFilesRoutes;
