import { createEvent, createStore, sample } from 'effector';
import { createPagedList, type PageQuery, type SmsOutboxEntry } from '@flotilla/shared';
import { listSmsOutbox } from './api/list-sms-outbox';

export const SMS_OUTBOX_PAGE_SIZE = 20;

/** The built-in outbox, paged on the server; entries have no id, so their time, phone and text key them. */
export const smsOutbox = createPagedList<PageQuery, SmsOutboxEntry>({
  fetchPage: listSmsOutbox,
  itemKey: (entry) => `${entry.createdAt} ${entry.phone} ${entry.text}`,
  pageSize: SMS_OUTBOX_PAGE_SIZE,
});

/** An admin opened the outbox (it reads its first page again: codes keep arriving). */
export const smsOutboxOpened = createEvent();
/** The admin closed the outbox. */
export const smsOutboxClosed = createEvent();

export const $smsOutboxOpen = createStore(false)
  .on(smsOutboxOpened, () => true)
  .on(smsOutboxClosed, () => false);

sample({ clock: smsOutboxOpened, fn: () => 1, target: smsOutbox.pageChanged });
