/** Longest id the server accepts (IdSchema). */
const MAX_ID_LENGTH = 64;

/**
 * The share id of a public chat URL: the path parameter (`/chat/:shareId`, `/f/:id`, `/r/:id`),
 * else `?shareId=` (`/chat`, `/p/chat`). `null` when there is none or it cannot be an id.
 */
export function shareIdFrom(params: { shareId?: string; id?: string }, search: URLSearchParams): string | null {
  const raw = params.shareId ?? params.id ?? search.get('shareId') ?? '';
  const id = raw.trim();
  return id && id.length <= MAX_ID_LENGTH ? id : null;
}
