import { createEffect, createEvent, createStore, sample } from 'effector';
import {
  ListCaseNotifications,
  ReadCaseNotifications,
  loggedIn,
  loggedOut,
  request,
  type CaseNotificationListResponse,
} from '@flotilla/shared';

/** How many of the newest notifications the bell's list shows. */
export const BELL_LIST_SIZE = 8;

/**
 * The console came into view: the navbar appeared (after a login or a reload), the page got the focus back,
 * or the bell's list was opened. Notifications are asked for then, not on a timer.
 */
export const notificationsCheckRequested = createEvent<void>();
/** The user opened one notification (its case); it is marked read. */
export const notificationOpened = createEvent<string>();
/** The user marked every notification read. */
export const allNotificationsReadClicked = createEvent<void>();

/** The newest notifications with the unread count. Silent: the bell is a hint, its failure no news. */
export const loadNotificationsFx = createEffect<void, CaseNotificationListResponse, Error>(() =>
  request(ListCaseNotifications, { query: { offset: 0, limit: BELL_LIST_SIZE }, silent: true }),
);
export const markReadFx = createEffect<string[] | undefined, { unread: number }, Error>((ids) =>
  request(ReadCaseNotifications, { body: ids ? { ids } : {}, silent: true }),
);

/** The last answer; null before the first and after a logout (another user may log in next). */
export const $notifications = createStore<CaseNotificationListResponse | null>(null, { skipVoid: false })
  .on(loadNotificationsFx.doneData, (_, answer) => answer)
  .on(markReadFx.done, (answer, { params, result }) =>
    answer
      ? {
          ...answer,
          unread: result.unread,
          list: answer.list.map((n) => (!params || params.includes(n.id) ? { ...n, read: true } : n)),
        }
      : answer,
  )
  .reset(loggedOut, loggedIn);

/** How many notifications the caller has not read. */
export const $unread = $notifications.map((answer) => answer?.unread ?? 0);

sample({
  clock: [notificationsCheckRequested, loggedIn],
  source: loadNotificationsFx.pending,
  filter: (busy) => !busy,
  target: loadNotificationsFx,
});
sample({
  clock: notificationOpened,
  source: $notifications,
  filter: (answer, id) => answer?.list.some((n) => n.id === id && !n.read) ?? false,
  fn: (_, id) => [id],
  target: markReadFx,
});
sample({ clock: allNotificationsReadClicked, fn: () => undefined, target: markReadFx });
