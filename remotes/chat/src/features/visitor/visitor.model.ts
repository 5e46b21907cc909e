import { createEffect, createStore, sample } from 'effector';
import { chatOpened } from '../share/share.model';
import { readOrCreateVisitorId } from './visitor-id';

export const ensureVisitorIdFx = createEffect(readOrCreateVisitorId);

/** The visitor id, once a chat was opened; chat sessions will be created under it. */
export const $visitorId = createStore<string | null>(null);

sample({ clock: chatOpened, source: $visitorId, filter: (id) => id === null, fn: () => undefined, target: ensureVisitorIdFx });
sample({ clock: ensureVisitorIdFx.doneData, target: $visitorId });
