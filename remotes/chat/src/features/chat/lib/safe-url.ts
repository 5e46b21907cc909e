/** An attachment's address when it is a web address or a path on this server; `null` for anything else (javascript:, data:…). */
export function safeUrl(url: string): string | null {
  const value = url.trim();
  return /^https?:\/\//i.test(value) || /^\/(?!\/)/.test(value) ? value : null;
}
