import { shareIdFrom } from './share-id';

/** What a public chat URL says: which share, and the optional visitor uuid and question of the route named chat. */
export type ChatLink = { shareId: string | null; visitorId: string | null; prompt: string | null };

/** Reads a chat URL's route parameters and query (`?shareId=`, `?uuid=`, `?prompt=`). */
export function chatLinkFrom(params: { shareId?: string; id?: string }, search: URLSearchParams): ChatLink {
  return {
    shareId: shareIdFrom(params, search),
    visitorId: search.get('uuid')?.trim() || null,
    prompt: search.get('prompt')?.trim() || null,
  };
}

/** The query without the prompt, once it was asked: a reload must not ask it again. */
export function withoutPrompt(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete('prompt');
  return next;
}
