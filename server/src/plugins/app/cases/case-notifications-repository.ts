import type { CaseNotificationListResponse, PageQuery } from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';

/** Each user's notes of the cases given to them (written by the routing of new cases). */
export function caseNotificationsRepository(db: Database) {
  const unreadOf = async (tenantId: string, userId: string): Promise<number> => {
    const row = await scoped(db, tenantId)
      .selectFrom('caseNotifications')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('userId', '=', userId)
      .where('readAt', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  };

  return {
    /** The user's notifications, newest first, with the total and the unread count. */
    async list(tenantId: string, userId: string, page: PageQuery): Promise<CaseNotificationListResponse> {
      const own = scoped(db, tenantId);
      const [rows, count, unread] = await Promise.all([
        own
          .selectFrom('caseNotifications')
          .select(['id', 'caseId', 'title', 'readAt', 'createdAt'])
          .where('userId', '=', userId)
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        own
          .selectFrom('caseNotifications')
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .where('userId', '=', userId)
          .executeTakeFirstOrThrow(),
        unreadOf(tenantId, userId),
      ]);
      return {
        list: rows.map((row) => ({
          id: row.id,
          caseId: row.caseId,
          title: row.title,
          read: row.readAt !== null,
          createdAt: row.createdAt,
        })),
        total: Number(count.total),
        unread,
      };
    },

    /** Marks the user's notifications read (those of `ids`, or all); answers how many stay unread. */
    async markRead(tenantId: string, userId: string, ids: string[] | undefined): Promise<number> {
      let query = scoped(db, tenantId)
        .updateTable('caseNotifications')
        .set({ readAt: isoNow() })
        .where('userId', '=', userId)
        .where('readAt', 'is', null);
      if (ids) query = query.where('id', 'in', ids);
      await query.execute();
      return unreadOf(tenantId, userId);
    },
  };
}
