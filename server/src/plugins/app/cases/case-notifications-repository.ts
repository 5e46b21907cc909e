import type { CaseNotificationListResponse, PageQuery } from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';
import type { CaseViewer } from './cases-repository';
import { visibleCaseIds } from './case-visibility';

/**
 * Each user's notes of the cases given to them (written by the routing of new cases). A note shows only while
 * its reader may still see the case: an agent loses it when the case goes to someone else's team or agent.
 */
export function caseNotificationsRepository(db: Database) {
  const notesOf = (viewer: CaseViewer) => {
    const query = scoped(db, viewer.tenantId)
      .selectFrom('caseNotifications')
      .where('caseNotifications.userId', '=', viewer.userId);
    const visible = visibleCaseIds(db, viewer);
    return visible ? query.where('caseNotifications.caseId', 'in', visible) : query;
  };

  const unreadOf = async (viewer: CaseViewer): Promise<number> => {
    const row = await notesOf(viewer)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('caseNotifications.readAt', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  };

  return {
    /** The viewer's notifications, newest first, with the total and the unread count. */
    async list(viewer: CaseViewer, page: PageQuery): Promise<CaseNotificationListResponse> {
      const [rows, count, unread] = await Promise.all([
        notesOf(viewer)
          .select(['id', 'caseId', 'title', 'readAt', 'createdAt'])
          .orderBy('caseNotifications.createdAt', 'desc')
          .orderBy('caseNotifications.id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        notesOf(viewer)
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .executeTakeFirstOrThrow(),
        unreadOf(viewer),
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

    /** Marks the viewer's notifications read (those of `ids`, or all); answers how many it still sees unread. */
    async markRead(viewer: CaseViewer, ids: string[] | undefined): Promise<number> {
      let query = scoped(db, viewer.tenantId)
        .updateTable('caseNotifications')
        .set({ readAt: isoNow() })
        .where('userId', '=', viewer.userId)
        .where('readAt', 'is', null);
      if (ids) query = query.where('id', 'in', ids);
      await query.execute();
      return unreadOf(viewer);
    },
  };
}
