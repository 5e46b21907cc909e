import type { ChatKey } from '../chat-target';

/** State kept per chat (see {@link ChatKey}), so several chats can be on screen at once. */
export type Keyed<State> = Record<ChatKey, State>;

/** `all` with the state of `key` (or `initial` when it has none) replaced by `change(state)`. */
export function updateKeyed<State>(
  all: Keyed<State>,
  key: ChatKey,
  initial: State,
  change: (state: State) => State,
): Keyed<State> {
  return { ...all, [key]: change(all[key] ?? initial) };
}
