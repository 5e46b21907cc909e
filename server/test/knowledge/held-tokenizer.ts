import { inlineTokenizer, type Tokenizer } from '../../src/knowledge/tokenize-pool';

/** A tokenizer that answers the first `free` batches and holds back the others until `release()`. */
export function heldTokenizer(free: number): Tokenizer & { release(): void } {
  let calls = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    release,
    async searchTexts(texts) {
      if (++calls > free) await released;
      return inlineTokenizer.searchTexts(texts);
    },
  };
}
