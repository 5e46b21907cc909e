import { createParser } from 'eventsource-parser';
import { CLIENT_ERRORS, type Endpoint, type EndpointEvent } from '../contracts';
import { callOf, send, type CallArgs } from './client';
import { HttpError } from './http-error';

/** The error of a stream that was stopped through its signal (the same as the client's for a cancelled request). */
function aborted(cause: unknown): HttpError {
  return new HttpError(0, CLIENT_ERRORS.aborted, 'Request cancelled', cause);
}

/**
 * Calls `endpoint` (an `answer: 'events'` one) through the shared client (token, language, timeout and
 * failure reports as for every call) and yields the `data:` of each Server-Sent Event of the `text/event-stream` answer,
 * parsed as JSON, in order. Comments (the server's heartbeats) and events without data are skipped.
 *
 * Rejects with an {@link HttpError}: before the first event when the server answers an HTTP error
 * (`status`, `code` and `message` of its body), `ABORTED` once the input's `signal` aborts (the request
 * and the body read stop at once), `NETWORK` when the connection drops mid-stream, `BAD_EVENT` for
 * data that is not JSON. Breaking out of the loop cancels the body read.
 */
export async function* requestEvents<E extends Endpoint>(
  endpoint: E,
  ...[input]: CallArgs<E>
): AsyncGenerator<EndpointEvent<E>, void, undefined> {
  type Event = EndpointEvent<E>;
  const { path, options } = callOf(endpoint, input);
  const response = await send<Response>(endpoint.method, path, { ...options, responseType: 'response' });
  if (!response.body) return;

  const queue: string[] = [];
  const parser = createParser({ onEvent: (event) => void queue.push(event.data) });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const signal = options.signal;
  // Some streams do not end their read when the fetch is aborted mid-chunk; cancel it ourselves.
  const stop = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) throw aborted(signal.reason);
      let chunk: ReadableStreamReadResult<string>;
      try {
        chunk = await reader.read();
      } catch (cause) {
        throw signal?.aborted ? aborted(cause) : new HttpError(0, CLIENT_ERRORS.network, 'Network error', cause);
      }
      if (signal?.aborted) throw aborted(signal.reason);
      if (chunk.done) break;
      parser.feed(chunk.value);
      while (queue.length > 0) {
        const data = queue.shift() as string;
        if (data === '') continue;
        let event: Event;
        try {
          event = JSON.parse(data) as Event;
        } catch (cause) {
          throw new HttpError(response.status, CLIENT_ERRORS.badEvent, 'Malformed event', cause);
        }
        yield event;
      }
    }
  } finally {
    signal?.removeEventListener('abort', stop);
    stop();
  }
}
