import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { ShareInfo, ShareSettings } from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import type { SharesTable } from '../../../db/schema';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';

export const DEFAULT_THEME_COLOR = '#165DFF';

/** The share row every new robot gets: disabled, with the product's theme colour. */
export function newShareRow(processId: string, now: string) {
  return {
    shareId: randomUUID(),
    processId,
    enabled: 0,
    welcome: '',
    suggestedQuestions: '[]',
    themeColor: DEFAULT_THEME_COLOR,
    createdAt: now,
    updatedAt: now,
  } as const;
}

function toShareInfo(row: Pick<Selectable<SharesTable>, 'shareId' | 'processId' | 'welcome' | 'suggestedQuestions' | 'themeColor'>, robot: { name: string; icon: string }): ShareInfo {
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

export function sharesRepository(db: Database) {
  const repository = {
    /**
     * What a public share page shows, or undefined when the share is unknown or disabled or its robot is
     * gone or disabled. Looked up by shareId alone (the visitor has no tenant); the join keeps the tenant.
     */
    async publicInfo(shareId: string): Promise<ShareInfo | undefined> {
      const row = await db
        .selectFrom('shares')
        .innerJoin('processes', (join) =>
          join.onRef('processes.processId', '=', 'shares.processId').onRef('processes.tenantId', '=', 'shares.tenantId'),
        )
        .select(['shares.shareId', 'shares.processId', 'shares.welcome', 'shares.suggestedQuestions', 'shares.themeColor', 'processes.name', 'processes.icon'])
        .where('shares.shareId', '=', shareId)
        .where('shares.enabled', '=', 1)
        .where('processes.enabled', '=', 1)
        .executeTakeFirst();
      return row && toShareInfo(row, row);
    },

    async forProcess(tenantId: string, processId: string): Promise<ShareSettings | undefined> {
      const row = await scoped(db, tenantId)
        .selectFrom('shares')
        .innerJoin('processes', (join) =>
          join.onRef('processes.processId', '=', 'shares.processId').onRef('processes.tenantId', '=', 'shares.tenantId'),
        )
        .selectAll('shares')
        .select(['processes.name', 'processes.icon'])
        .where('shares.processId', '=', processId)
        .executeTakeFirst();
      return row && { ...toShareInfo(row, row), enabled: row.enabled === 1 };
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
