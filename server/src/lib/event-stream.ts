import type { FastifyReply, FastifyRequest } from 'fastify';

const HEARTBEAT_MS = 15_000;

/**
 * Streams Server-Sent Events to the client: takes the response over from Fastify, writes each event as
 * a `data:` line (a comment every 15 s keeps proxies from closing a quiet stream) and aborts the signal
 * when the client goes away, so the caller stops its upstream work.
 */
export async function sendEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  produce: (signal: AbortSignal) => AsyncIterable<unknown>,
  options: { done?: string; failed: (error: unknown) => unknown },
): Promise<void> {
  const clientGone = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) clientGone.abort();
  };
  reply.raw.on('close', onClose);
  // Headers hooks set on the reply (CORS) are Fastify's to send, which hijacking skips: hand them over.
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) reply.raw.setHeader(name, value);
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx would otherwise buffer the whole answer.
    'x-accel-buffering': 'no',
  });
  reply.raw.flushHeaders();
  const heartbeat = setInterval(() => reply.raw.write(': ping\n\n'), HEARTBEAT_MS);
  try {
    for await (const event of produce(clientGone.signal)) {
      if (clientGone.signal.aborted) break;
      reply.raw.write(`data: ${JSON.stringify(event)}\n\n`);
    }
    if (options.done && !clientGone.signal.aborted) reply.raw.write(`data: ${options.done}\n\n`);
  } catch (error) {
    // Headers are sent: the failure can only be told as a last event, never left as a hung stream.
    request.log.error({ err: error }, 'event stream failed');
    if (!clientGone.signal.aborted) reply.raw.write(`data: ${JSON.stringify(options.failed(error))}\n\n`);
  } finally {
    clearInterval(heartbeat);
    reply.raw.off('close', onClose);
    reply.raw.end();
  }
}
