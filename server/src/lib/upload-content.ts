import { isUtf8 } from 'node:buffer';
import { extname } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';

/** Text types have no magic number: they are known by the name's extension, once the bytes prove to be text. */
const TEXT_TYPES: Record<string, string> = {
  '.txt': 'text/plain',
  '.text': 'text/plain',
  '.md': 'text/markdown',
  '.markdown': 'text/markdown',
  '.csv': 'text/csv',
  '.html': 'text/html',
  '.htm': 'text/html',
};

/**
 * Valid UTF-8 with no NUL byte: what a text file is, and what no binary format passes for long. Checked by
 * Node's own validator, without decoding: decoding a 50 MB upload into a string held the event loop ~0.3 s.
 */
export function isUtf8Text(bytes: Uint8Array): boolean {
  return !bytes.includes(0) && isUtf8(bytes);
}

/**
 * The content type of an upload, from its bytes (never from what the client claims), when it is one of
 * `allowed`; undefined otherwise. Binary formats by their signature (file-type); text types (txt, md, csv, html)
 * by the name's extension, and only when the bytes are UTF-8 text. An empty file has no type.
 */
export async function sniffContentType(
  bytes: Uint8Array,
  name: string,
  allowed: readonly string[],
): Promise<string | undefined> {
  if (bytes.length === 0) return undefined;
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return allowed.includes(detected.mime) ? detected.mime : undefined;
  const text = TEXT_TYPES[extname(name).toLowerCase()];
  return text !== undefined && allowed.includes(text) && isUtf8Text(bytes) ? text : undefined;
}

const NAME_MAX = 255;
// C0 and C1 controls, DEL, and the invisible direction marks that can make "exe.txt" read as "txt.exe".
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A file name safe to store and show: the last path part only, without control or direction characters,
 * without leading dots, at most 255 characters (the extension kept). `fallback` when nothing is left.
 */
export function safeFileName(raw: string | undefined, fallback: string): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base.normalize('NFC').replace(UNSAFE_CHARACTERS, '').trim().replace(/^\.+/, '').trim();
  if (cleaned === '') return fallback;
  const chars = [...cleaned];
  if (chars.length <= NAME_MAX) return cleaned;
  const extension = [...extname(cleaned)];
  const keep = extension.length < 20 ? extension : [];
  return chars.slice(0, NAME_MAX - keep.length).join('') + keep.join('');
}

/** `Content-Disposition` with the name both as plain ASCII (old clients) and exactly (RFC 6266 / 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
