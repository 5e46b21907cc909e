import { parentPort } from 'node:worker_threads';
import { searchText } from '../search/tokenize';

/** A batch of texts to tokenise (the thread's only message), and its answer. */
export type TokenizeRequest = { id: number; texts: string[] };
export type TokenizeResponse = { id: number; searchTexts: string[] } | { id: number; error: string };

// The body of a tokenizer thread (tokenize-pool.ts): the same searchText() as the main thread, so a
// segment's tokens do not depend on where they were computed.
parentPort?.on('message', (request: TokenizeRequest) => {
  let response: TokenizeResponse;
  try {
    response = { id: request.id, searchTexts: request.texts.map(searchText) };
  } catch (error) {
    response = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(response);
});
