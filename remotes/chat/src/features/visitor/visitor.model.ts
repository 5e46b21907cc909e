import { createEffect, createEvent, createStore, sample } from 'effector';
import { chatOpened } from '../share/share.model';
import { isUuid, readOrCreateVisitorId } from './visitor-id';

/**
 * The chat link named the visitor (`?uuid=` of the route named chat): a site that embeds the chat
 * keeps its own user's sessions together across devices. Used for this page only, never stored.
 */
export const visitorLinked = createEvent<string>();

export const ensureVisitorIdFx = createEffect(readOrCreateVisitorId);

/** The visitor id, once a chat was opened; chat sessions are created and listed under it. */
export const $visitorId = createStore<string | null>(null);

sample({ clock: visitorLinked, filter: isUuid, fn: (id) => id.toLowerCase(), target: $visitorId });
sample({
  clock: chatOpened,
  source: $visitorId,
  filter: (id) => id === null,
  fn: () => undefined,
  target: ensureVisitorIdFx,
});
sample({ clock: ensureVisitorIdFx.doneData, target: $visitorId });
