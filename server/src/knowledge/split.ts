import { DEFAULT_SEPARATORS } from '@flotilla/shared/contracts';

export type SplitSettings = {
  /** Largest segment, in characters (UTF-16 code units), overlap included. */
  chunkSize: number;
  /** Characters of the previous segment's end repeated at the start of the next. */
  overlap: number;
  /** Boundaries by priority; empty or absent: DEFAULT_SEPARATORS. */
  separators?: readonly string[];
};

/**
 * Boundaries of equal rank: a text is split at all of a group's separators at once (a Chinese sentence may
 * end with 。 or ！, neither is a better place to cut than the other). By rank: paragraphs, lines, sentence
 * ends, semicolons, then — inside a sentence too long for one segment — clauses and words.
 */
const GROUPS: readonly string[][] = [
  ['\n\n'],
  ['\n'],
  ['。', '！', '？', '. ', '! ', '? '],
  ['；', '; '],
  ['，', ', ', '、'],
  [' '],
];

/**
 * The levels the splitter tries, each a set of separators of equal rank: the chosen separators first, in
 * their order (one that belongs to a group brings its whole group to its place), then the groups they leave
 * out. So a hard cut only ever happens inside one sentence (or word) longer than a segment, whatever
 * separators were chosen. None chosen: DEFAULT_SEPARATORS, which lists the groups in rank order.
 */
export function separatorLevels(chosen: readonly string[] | undefined): string[][] {
  const order = chosen && chosen.some((s) => s !== '') ? chosen.filter((s) => s !== '') : DEFAULT_SEPARATORS;
  const levels: string[][] = [];
  const placed = new Set<string>();
  for (const separator of [...order, ...GROUPS.flat()]) {
    if (placed.has(separator)) continue;
    const level = GROUPS.find((group) => group.includes(separator)) ?? [separator];
    for (const member of level) placed.add(member);
    levels.push([...level]);
  }
  return levels;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern matching any separator of a level (the longest first, where one begins another). */
function levelPattern(level: string[]): RegExp {
  return new RegExp(
    [...level]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'gu',
  );
}

/** The parts of `text` each ending with a separator of the level (kept), plus the rest: they join back to `text`. */
function splitKeeping(text: string, pattern: RegExp): string[] {
  const parts: string[] = [];
  let start = 0;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const end = match.index + match[0].length;
    parts.push(text.slice(start, end));
    start = end;
  }
  if (start < text.length) parts.push(text.slice(start));
  return parts;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** Pieces of at most `size`, never splitting a surrogate pair. */
function hardCut(text: string, size: number, out: string[]): void {
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + size, text.length);
    if (end < text.length && end - start > 1 && isHighSurrogate(text.charCodeAt(end - 1))) end--;
    out.push(text.slice(start, end));
    start = end;
  }
}

/**
 * Appends to `out` pieces of `text` of at most `size` that join back to `text`: split at the first level (from
 * `level` on) with a separator in it; consecutive parts are merged while they fit; a part that alone is too
 * long is split again at the next levels. A chunk boundary therefore falls at the highest-ranked separator
 * that keeps chunks within the size (a paragraph break before a line break before a sentence end…).
 * Each character is looked at a bounded number of times per level: linear in the text's length.
 */
function splitAt(text: string, level: number, size: number, levels: RegExp[], out: string[]): void {
  if (text.length <= size) {
    out.push(text);
    return;
  }
  let parts: string[] = [text];
  while (level < levels.length && parts.length === 1) parts = splitKeeping(text, levels[level++] as RegExp);
  if (parts.length === 1) {
    hardCut(text, size, out);
    return;
  }
  let pending: string[] = [];
  let pendingLength = 0;
  const flush = () => {
    if (pending.length > 0) out.push(pending.join(''));
    pending = [];
    pendingLength = 0;
  };
  for (const part of parts) {
    if (part.length > size) {
      flush();
      splitAt(part, level, size, levels, out);
      continue;
    }
    if (pendingLength + part.length > size) flush();
    pending.push(part);
    pendingLength += part.length;
  }
  flush();
}

const LATIN_OR_DIGIT = /[\p{Script=Latin}\p{N}]/u;

/**
 * The overlap taken from `previous`: its last `overlap` characters — in words written with spaces, from the
 * first word that starts inside them (never from the middle of a word) — without the punctuation and spaces
 * that ended a sentence.
 */
function tailOf(previous: string, overlap: number): string {
  if (overlap <= 0 || previous === '') return '';
  let start = Math.max(0, previous.length - overlap);
  if (start > 0 && isHighSurrogate(previous.charCodeAt(start - 1))) start++;
  let tail = previous.slice(start);
  if (start > 0 && LATIN_OR_DIGIT.test(previous.charAt(start - 1)) && LATIN_OR_DIGIT.test(tail.charAt(0))) {
    const space = tail.search(/\s/u);
    tail = space === -1 ? '' : tail.slice(space + 1);
  }
  return tail.replace(/^[\s\p{P}]+/u, '');
}

/**
 * Splits a document's text into segments (DESIGN.md §7) of at most `chunkSize` characters: at paragraph
 * breaks first, then lines, then sentence ends in Chinese (。！？) and English (. ! ?), then semicolons (；;)
 * — or at the chosen separators first —, at clause and word breaks inside a sentence too long for one segment,
 * and with a hard cut only inside a single run longer than that. Each segment after the first starts with the
 * end of the previous one (`overlap` characters at most, never more than half a segment). Segments are
 * trimmed and never empty. Pure, and linear in the length of the text.
 */
export function splitText(text: string, settings: SplitSettings): string[] {
  const chunkSize = Math.max(2, Math.floor(settings.chunkSize));
  const overlap = Math.max(0, Math.min(Math.floor(settings.overlap), Math.floor(chunkSize / 2)));
  const bodies: string[] = [];
  splitAt(text, 0, chunkSize - overlap, separatorLevels(settings.separators).map(levelPattern), bodies);
  const segments: string[] = [];
  let previous = '';
  for (const body of bodies) {
    if (body.trim() === '') {
      // Keeps `previous` contiguous with the next body, so the overlap reads as the original text.
      previous += body;
      continue;
    }
    const segment = (tailOf(previous, overlap) + body).trim();
    if (segment !== '') segments.push(segment);
    previous = body;
  }
  return segments;
}
