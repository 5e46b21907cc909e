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

/**
 * The search tokens of a text, for indexing and for queries alike: Chinese cut into real words by
 * jieba's search mode (退货政策 → 退货 | 政策), other words lower-cased, English words stemmed (Porter:
 * policies, policy → polici), punctuation and spaces dropped. The same function on both sides is what
 * makes a query find its segments.
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const piece of segmenter().cutForSearch(text.normalize('NFKC'), true)) {
    const token = piece.trim().toLowerCase();
    if (!token || !WORD.test(token)) continue;
    tokens.push(LATIN_WORD.test(token) ? stem(token) : token);
  }
  return tokens;
}

/** The tokens of a text joined by spaces: the column the full-text index (FTS5 unicode61, tsvector 'simple') reads. */
export function searchText(text: string): string {
  return tokenize(text).join(' ');
}
