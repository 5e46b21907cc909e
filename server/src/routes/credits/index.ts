import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdjustUserCredits,
  CREDIT_LIMITS,
  CreateCreditPackage,
  DeleteCreditPackage,
  ExportUserCredits,
  GetCreditSettings,
  GetMyCredits,
  GetUserCredits,
  ListCreditPackages,
  RechargeUser,
  UpdateCreditPackage,
  UpdateCreditSettings,
  type CreditPackageBody,
  type LedgerFilterQuery,
  CREDITS_EXPORT_FILE,
} from '@flotilla/shared/contracts';
import { AppError, forbidden, invalidInput, notFound } from '../../lib/app-error';
import { contentDisposition } from '../../lib/upload-content';
import type { AdminChangeResult, LedgerFilter } from '../../plugins/app/credits/credits-repository';
import { ADMINS, STAFF } from '../access';
import { route } from '../endpoint-route';
import { ledgerWorkbook } from './ledger-workbook';

const tags = ['credits'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The query's filter with its times in UTC, as the ledger stores them (any ISO offset is accepted). */
function ledgerFilter({ kind, from, to }: LedgerFilterQuery): LedgerFilter {
  const utc = (value: string | undefined, name: string) => {
    if (value === undefined) return undefined;
    const time = new Date(value);
    if (Number.isNaN(time.getTime()))
      throw invalidInput(['querystring', name], 'VALIDATION_FAILED', 'LEDGER_DATE_INVALID');
    return time.toISOString();
  };
  return { kind, from: utc(from, 'from'), to: utc(to, 'to') };
}

/** A package as stored: its name trimmed, and never blank. */
function packageOf({ name, priceCents, credits }: CreditPackageBody): CreditPackageBody {
  if (!name.trim()) throw invalidInput(['body', 'name'], 'VALIDATION_FAILED');
  return { name: name.trim(), priceCents, credits };
}

/** A refused admin change as its error. */
function refusal(result: Exclude<AdminChangeResult, { ok: true }>): AppError {
  if (result.reason === 'PACKAGE_NOT_FOUND') return notFound('CREDIT_PACKAGE_NOT_FOUND');
  return invalidInput(
    ['body', 'amount'],
    result.reason === 'BELOW_ZERO' ? 'CREDITS_BELOW_ZERO' : 'CREDITS_BALANCE_FULL',
  );
}

const creditsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { credits, users } = fastify.repos;

  /** Admins read anyone of the tenant; others only themselves. Another tenant's user is a 404. */
  const checkReader = async (auth: { tenantId: string; userId: string; role: string }, id: string) => {
    if (auth.role !== 'admin' && id !== auth.userId) throw forbidden();
    if (!(await users.get(auth.tenantId, id))) throw notFound('USER_NOT_FOUND');
  };

  route(fastify, RechargeUser, {
    config: { auth: ADMINS },
    tags: ['users', ...tags],
    summary: 'Add credits to a user of the tenant (form or JSON): an amount or a package, with a ledger row',
    description: `Exactly one of \`amount\` (1–${CREDIT_LIMITS.rechargeMax}) and \`packageId\`; the remark records the package.`,
    handler: async (request) => {
      const { tenantId } = request.auth;
      const { userId, amount, packageId, remark } = request.body;
      if ((amount === undefined) === (packageId === undefined))
        throw invalidInput(['body', 'amount'], 'VALIDATION_FAILED', 'RECHARGE_AMOUNT_OR_PACKAGE');
      if (!(await users.get(tenantId, userId))) throw notFound('USER_NOT_FOUND');
      const result = await credits.recharge(
        tenantId,
        userId,
        packageId !== undefined ? { packageId } : { amount: amount! },
        remark,
      );
      if (!result.ok) throw refusal(result);
      return credits.statement(tenantId, userId, { offset: 0, limit: 20 });
    },
  });

  route(fastify, AdjustUserCredits, {
    config: { auth: ADMINS },
    tags: ['users', ...tags],
    summary: "Correct a user's balance up or down with a required remark (never below zero), with a ledger row",
    handler: async (request) => {
      const { tenantId } = request.auth;
      const { userId, amount, remark } = request.body;
      if (amount === 0) throw invalidInput(['body', 'amount'], 'VALIDATION_FAILED', 'ADJUSTMENT_ZERO');
      if (!remark.trim()) throw invalidInput(['body', 'remark'], 'VALIDATION_FAILED');
      if (!(await users.get(tenantId, userId))) throw notFound('USER_NOT_FOUND');
      const result = await credits.adjust(tenantId, userId, amount, remark.trim());
      if (!result.ok) throw refusal(result);
      return credits.statement(tenantId, userId, { offset: 0, limit: 20 });
    },
  });

  route(fastify, GetUserCredits, {
    config: { auth: STAFF },
    tags: ['users', ...tags],
    summary:
      "A user's credit balance and ledger, newest first, filtered by kind and time (admins: anyone of the tenant; others: themselves)",
    handler: async (request) => {
      await checkReader(request.auth, request.params.id);
      const { offset, limit, kind, from, to } = request.query;
      return credits.statement(
        request.auth.tenantId,
        request.params.id,
        { offset, limit },
        ledgerFilter({ kind, from, to }),
      );
    },
  });

  route(fastify, ExportUserCredits, {
    config: { auth: STAFF },
    tags: ['users', ...tags],
    summary: "A user's filtered ledger as credits.xlsx, newest first (who may: as for the ledger)",
    description: `At most ${CREDIT_LIMITS.exportRowsMax} rows; narrow the time range for older ones.`,
    file: { type: XLSX_TYPE, description: 'The ledger as an xlsx workbook' },
    handler: async (request, reply) => {
      await checkReader(request.auth, request.params.id);
      const { kind, from, to } = request.query;
      const rows = await credits.ledgerRows(request.auth.tenantId, request.params.id, ledgerFilter({ kind, from, to }));
      const bytes = await ledgerWorkbook(rows, request.locale);
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', contentDisposition('attachment', CREDITS_EXPORT_FILE))
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  });

  route(fastify, GetMyCredits, {
    config: { auth: STAFF },
    tags,
    summary: "The caller's balance and whether it is below the tenant's low-balance threshold",
    handler: async (request) => {
      const { tenantId, userId } = request.auth;
      const [balance, settings] = await Promise.all([credits.balance(tenantId, userId), credits.settings(tenantId)]);
      return {
        balance,
        lowBalanceThreshold: settings.lowBalanceThreshold,
        low: balance < settings.lowBalanceThreshold,
      };
    },
  });

  route(fastify, ListCreditPackages, {
    config: { auth: STAFF },
    tags,
    summary: "The tenant's credit packages (money → credits), cheapest first",
    handler: async (request) => {
      const list = await credits.packages(request.auth.tenantId);
      return { list, total: list.length };
    },
  });

  route(fastify, CreateCreditPackage, {
    config: { auth: ADMINS },
    tags,
    summary: `Add a credit package (at most ${CREDIT_LIMITS.packagesMax} per tenant)`,
    handler: async (request) => {
      const created = await credits.createPackage(request.auth.tenantId, packageOf(request.body));
      if (!created) throw invalidInput(['body'], 'CREDIT_PACKAGES_FULL');
      return created;
    },
  });

  route(fastify, UpdateCreditPackage, {
    config: { auth: ADMINS },
    tags,
    summary: 'Change a credit package',
    handler: async (request) => {
      const updated = await credits.updatePackage(request.auth.tenantId, request.params.id, packageOf(request.body));
      if (!updated) throw notFound('CREDIT_PACKAGE_NOT_FOUND');
      return updated;
    },
  });

  route(fastify, DeleteCreditPackage, {
    config: { auth: ADMINS },
    tags,
    summary: 'Remove a credit package (recharges made with it keep their ledger rows)',
    handler: async (request) => {
      if (!(await credits.deletePackage(request.auth.tenantId, request.params.id)))
        throw notFound('CREDIT_PACKAGE_NOT_FOUND');
      return { ok: true as const };
    },
  });

  route(fastify, GetCreditSettings, {
    config: { auth: STAFF },
    tags,
    summary: "The tenant's credit settings (the low-balance threshold; 0: no warning)",
    handler: async (request) => credits.settings(request.auth.tenantId),
  });

  route(fastify, UpdateCreditSettings, {
    config: { auth: ADMINS },
    tags,
    summary: "Change the tenant's credit settings",
    handler: async (request) =>
      credits.saveSettings(request.auth.tenantId, { lowBalanceThreshold: request.body.lowBalanceThreshold }),
  });
};

export default creditsRoutes;
