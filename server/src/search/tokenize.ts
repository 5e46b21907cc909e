import { createRequire } from 'node:module';
import { stemmer } from 'stemmer';

// @node-rs/jieba is a CommonJS native addon; its dictionary loads once (~200 ms), on first use.
const require = createRequire(import.meta.url);
type JiebaInstance = { cutForSearch(text: string, hmm?: boolean): string[] };
let jieba: JiebaInstance | undefined;
function segmenter(): JiebaInstance {
  if (!jieba) {
    const { Jieba } = require('@node-rs/jieba') as { Jieba: { withDict(dict: Uint8Array): JiebaInstance } };
    const { dict } = require('@node-rs/jieba/dict') as { dict: Uint8Array };
    jieba = Jieba.withDict(dict);
  }
  return jieba;
}

const WORD = /[\p{L}\p{N}]/u;
const LATIN_WORD = /^[a-z][a-z'-]*$/;

// Porter stemming is the costliest step per token and a corpus repeats its words: remember the stems.
const STEM_CACHE_SIZE = 100_000;
const stems = new Map<string, string>();
function stem(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    stemmed = stemmer(word);
    if (stems.size >= STEM_CACHE_SIZE) stems.clear();
    stems.set(word, stemmed);
  }
  return stemmed;
}

/** Whether every character of `piece` is a CJK unified ideograph (most of jieba's pieces of Chinese text). */
function isIdeographs(piece: string): boolean {
  for (let i = 0; i < piece.length; i++) {
    const code = piece.charCodeAt(i);
    if (code < 0x4e00 || code > 0x9fff) return false;
  }
  return true;
}

/** Whether every character of `piece` is a lower-case ASCII letter (most pieces of English text). */
function isLowerLatin(piece: string): boolean {
  for (let i = 0; i < piece.length; i++) {
    const code = piece.charCodeAt(i);
    if (code < 0x61 || code > 0x7a) return false;
  }
  return true;
}

/**
 * The token of one piece of jieba's output, or '' for none: trimmed, lower-cased, dropped unless it holds a
 * letter or digit, stemmed when it is a Latin word. The common pieces (Chinese words, lower-case English
 * words, single spaces) skip the general path: same result, a fraction of the cost.
 */
function tokenOf(piece: string): string {
  if (piece === ' ') return '';
  const first = piece.charCodeAt(0);
  if (first >= 0x4e00 && first <= 0x9fff && isIdeographs(piece)) return piece;
  if (first >= 0x61 && first <= 0x7a && isLowerLatin(piece)) return stem(piece);
  const token = piece.trim().toLowerCase();
  if (!token || !WORD.test(token)) return '';
  return LATIN_WORD.test(token) ? stem(token) : token;
}

/**
 * The search tokens of a text, for indexing and for queries alike: Chinese cut into real words by
 * jieba's search mode (退货政策 → 退货 | 政策), other words lower-cased, English words stemmed (Porter:
 * policies, policy → polici), punctuation and spaces dropped. The same function on both sides is what
 * makes a query find its segments.
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const piece of segmenter().cutForSearch(text.normalize('NFKC'), true)) {
    const token = tokenOf(piece);
    if (token) tokens.push(token);
  }
  return tokens;
}

/** The tokens of a text joined by spaces: the column the full-text index (FTS5 unicode61, tsvector 'simple') reads. */
export function searchText(text: string): string {
  return tokenize(text).join(' ');
}
