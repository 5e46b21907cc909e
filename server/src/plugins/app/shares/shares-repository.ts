import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import {
  DEFAULT_THEME_COLOR,
  SHARE_LIMITS,
  type Preset,
  type ShareInfo,
  type ShareSettings,
  type UpdatePresetBody,
  type UpdateShareBody,
} from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { prepare } from '../../../db/prepared';
import type { SharesTable } from '../../../db/schema';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';

/** The share row every new robot gets: disabled, with the product's theme colour. */
export function newShareRow(processId: string, now: string) {
  return {
    shareId: randomUUID(),
    processId,
    enabled: 0,
    welcome: '',
    suggestedQuestions: '[]',
    themeColor: DEFAULT_THEME_COLOR,
    allowedOrigins: '[]',
    rateLimitPerMinute: SHARE_LIMITS.rateLimitPerMinute.default,
    expiresAt: null,
    createdAt: now,
    updatedAt: now,
  } as const;
}

function toShareInfo(
  row: Pick<Selectable<SharesTable>, 'shareId' | 'processId' | 'welcome' | 'suggestedQuestions' | 'themeColor'>,
  robot: { name: string; icon: string },
): ShareInfo {
  return {
    shareId: row.shareId,
    processId: row.processId,
    name: robot.name,
    icon: robot.icon,
    welcome: row.welcome,
    suggestedQuestions: JSON.parse(row.suggestedQuestions) as string[],
    themeColor: row.themeColor,
  };
}

/** What a public chat call needs to know of a live share: whose robot it is and its limits. */
export type ShareTarget = {
  shareId: string;
  tenantId: string;
  processId: string;
  adminId: string;
  allowedOrigins: string[];
  rateLimitPerMinute: number;
};

/** Whether `value` can be a share id (a uuid; checked before a value from a URL reaches a query). */
export function isShareId(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9A-Za-z-]{1,64}$/.test(value);
}

/** A live share as its public page sees it, with the origins that may use it. */
export type PublicShare = { info: ShareInfo; allowedOrigins: string[] };

export function sharesRepository(db: Database) {
  /** A share that is enabled, unexpired at `now`, with its robot present and enabled. */
  const liveShare = (shareId: string, now: string) =>
    db
      .selectFrom('shares')
      .innerJoin('processes', (join) =>
        join.onRef('processes.processId', '=', 'shares.processId').onRef('processes.tenantId', '=', 'shares.tenantId'),
      )
      .where('shares.shareId', '=', shareId)
      .where('shares.enabled', '=', 1)
      .where('processes.enabled', '=', 1)
      .where((eb) => eb.or([eb('shares.expiresAt', 'is', null), eb('shares.expiresAt', '>', now)]));
  // Every public chat call (each question of a visitor) starts with this lookup: built once.
  const readPublicTarget = prepare(db, (p: { shareId: string; now: string }) =>
    liveShare(p.shareId, p.now).select([
      'shares.shareId',
      'shares.tenantId',
      'shares.processId',
      'processes.adminId',
      'shares.allowedOrigins',
      'shares.rateLimitPerMinute',
    ]),
  );
  // Each question reads its robot's share (the welcome text the builtin provider greets with): built once.
  const readForProcess = prepare(db, (p: { tenantId: string; processId: string }) =>
    scoped(db, p.tenantId)
      .selectFrom('shares')
      .innerJoin('processes', (join) =>
        join.onRef('processes.processId', '=', 'shares.processId').onRef('processes.tenantId', '=', 'shares.tenantId'),
      )
      .selectAll('shares')
      .select(['processes.name', 'processes.icon'])
      .where('shares.processId', '=', p.processId),
  );

  const repository = {
    /** The live share's robot and limits, or undefined (unknown, disabled, expired, robot gone or off). */
    async publicTarget(shareId: string): Promise<ShareTarget | undefined> {
      const [row] = await readPublicTarget({ shareId, now: isoNow() });
      return row && { ...row, allowedOrigins: JSON.parse(row.allowedOrigins) as string[] };
    },

    /**
     * What a public share page shows, and which sites may show it; undefined when the share is unknown
     * or disabled or its robot is gone or disabled. Looked up by shareId alone (the visitor has no
     * tenant); the join keeps the tenant.
     */
    async publicInfo(shareId: string): Promise<PublicShare | undefined> {
      const row = await liveShare(shareId, isoNow())
        .select([
          'shares.shareId',
          'shares.processId',
          'shares.welcome',
          'shares.suggestedQuestions',
          'shares.themeColor',
          'shares.allowedOrigins',
          'processes.name',
          'processes.icon',
        ])
        .executeTakeFirst();
      return row && { info: toShareInfo(row, row), allowedOrigins: JSON.parse(row.allowedOrigins) as string[] };
    },

    async forProcess(tenantId: string, processId: string): Promise<ShareSettings | undefined> {
      const [row] = await readForProcess({ tenantId, processId });
      return (
        row && {
          ...toShareInfo(row, row),
          enabled: row.enabled === 1,
          allowedOrigins: JSON.parse(row.allowedOrigins) as string[],
          rateLimitPerMinute: row.rateLimitPerMinute,
          expiresAt: row.expiresAt,
        }
      );
    },

    /** Changes the settings given; undefined when the tenant has no such robot. */
    async update(tenantId: string, processId: string, body: UpdateShareBody): Promise<ShareSettings | undefined> {
      await scoped(db, tenantId)
        .updateTable('shares')
        .set({
          ...(body.allowedOrigins && { allowedOrigins: JSON.stringify([...new Set(body.allowedOrigins)]) }),
          ...(body.rateLimitPerMinute !== undefined && { rateLimitPerMinute: body.rateLimitPerMinute }),
          // Stored normalised (UTC, milliseconds) so that the expiry check can compare strings.
          ...(body.expiresAt !== undefined && {
            expiresAt: body.expiresAt === null ? null : new Date(body.expiresAt).toISOString(),
          }),
          ...(body.themeColor && { themeColor: body.themeColor.toUpperCase() }),
          updatedAt: isoNow(),
        })
        .where('processId', '=', processId)
        .execute();
      return repository.forProcess(tenantId, processId);
    },

    /** Sets the robot's preset (kept on its share: the share page shows it); undefined when the tenant has no such robot. */
    async setPreset(tenantId: string, processId: string, body: UpdatePresetBody): Promise<Preset | undefined> {
      await scoped(db, tenantId)
        .updateTable('shares')
        .set({
          ...(body.welcome !== undefined && { welcome: body.welcome }),
          ...(body.suggestedQuestions && { suggestedQuestions: JSON.stringify(body.suggestedQuestions) }),
          updatedAt: isoNow(),
        })
        .where('processId', '=', processId)
        .execute();
      const settings = await repository.forProcess(tenantId, processId);
      return settings && { welcome: settings.welcome, suggestedQuestions: settings.suggestedQuestions };
    },

    async setEnabled(tenantId: string, processId: string, enabled: boolean): Promise<ShareSettings | undefined> {
      await scoped(db, tenantId)
        .updateTable('shares')
        .set({ enabled: enabled ? 1 : 0, updatedAt: isoNow() })
        .where('processId', '=', processId)
        .execute();
      return repository.forProcess(tenantId, processId);
    },
  };
  return repository;
}
