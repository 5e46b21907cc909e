// The baseline of the API benchmark: a bare Fastify route answering a fixed payload of the same
// size as `GET /v1/processes` (no auth, no database, no schema), on the same machine.
import Fastify from 'fastify';

const payload = process.env.BENCH_PAYLOAD ?? '{"list":[],"total":0}';
const app = Fastify({ logger: false });
app.get('/bare', async (_request, reply) => reply.type('application/json').send(payload));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
