import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DeleteSegment, SearchSegments, UpdateSegment, type Segment } from '@flotilla/shared/contracts';
import { AppError, invalidInput, notFound } from '../../lib/app-error';
import { toBytes } from '../../search/embeddings';
import { searchSegments } from '../../search/segment-search';
import { searchText } from '../../search/tokenize';
import { OPERATORS } from '../access';
import { route } from '../endpoint-route';

const tags = ['datasets'];

const elapsed = (started: number) => Math.round((performance.now() - started) * 10) / 10;

/** Segments: a file's list, search over datasets (the search-test page), edit, enable/disable, delete. */
const segmentsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { segments } = fastify.repos;

  const requireSegment = async (tenantId: string, id: string) => {
    const segment = await segments.get(tenantId, id);
    if (!segment) throw notFound('SEGMENT_NOT_FOUND');
    return segment;
  };

  route(fastify, SearchSegments, {
    config: { auth: OPERATORS },
    tags,
    summary: "A file's segments in order, or a search of datasets' segments by relevance",
    description:
      "With `fileId` and no `query`: the file's segments in position order, disabled ones included (404 FILE_NOT_FOUND). " +
      "With `query`: enabled segments of `datasetIds` (default: all the tenant's datasets; 404 DATASET_NOT_FOUND for one that is not the tenant's), " +
      'only those of `fileId` when given, best first. `mode` (default hybrid) is fulltext, vector or hybrid; vector and hybrid fall back to ' +
      'fulltext when the datasets have no vectors, and the answer says which mode ran. `score` is 0…1, higher is better: for full-text the ' +
      "share of the query's words the segment contains, for vector the cosine similarity, for hybrid the higher of the two (the order is " +
      'BM25, cosine or reciprocal-rank fusion). `tookMs`: time spent in the server.',
    handler: async (request) => {
      const started = performance.now();
      const { tenantId } = request.auth;
      const { datasetIds, fileId, offset, limit } = request.body;
      const query = request.body.query?.trim() ?? '';

      if (fileId && !query) {
        const page = await segments.listFile(tenantId, fileId, { offset, limit });
        if (!page) throw notFound('FILE_NOT_FOUND');
        return { ...page, mode: 'fulltext' as const, tookMs: elapsed(started) };
      }
      const datasets = await segments.datasets(tenantId, datasetIds);
      if (datasetIds && datasets.length !== new Set(datasetIds).size) throw notFound('DATASET_NOT_FOUND');
      if (fileId && !(await segments.fileDataset(tenantId, fileId))) throw notFound('FILE_NOT_FOUND');
      if (!query) return { list: [], total: 0, mode: 'fulltext' as const, tookMs: elapsed(started) };

      const result = await searchSegments(
        {
          segments,
          embedder: fastify.embedder,
          onEmbeddingError: (error) =>
            request.log.warn({ err: error }, 'segment search: embedding the query failed, full-text only'),
        },
        tenantId,
        { datasets, fileId, query, mode: request.body.mode ?? 'hybrid', offset, limit, withTotal: true },
      );
      return { ...result, tookMs: elapsed(started) };
    },
  });

  route(fastify, UpdateSegment, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Edit a segment (text, or question/answer of a QA pair) or enable/disable it → the segment',
    description:
      'An edit re-indexes the segment for full-text search and, when its dataset has an embedding model, computes its vector again ' +
      '(502 PROVIDER_ERROR when the embeddings endpoint fails; nothing is changed). A disabled segment is never found nor cited. ' +
      '422 for question/answer on a segment that is not a QA pair; 409 CONFLICT while a job parses its file.',
    handler: async (request): Promise<Segment> => {
      const { tenantId } = request.auth;
      const body = request.body;
      const segment = await requireSegment(tenantId, request.params.sid);
      const isQa = segment.question !== undefined;
      if (!isQa && body.question !== undefined)
        throw invalidInput(['body', 'question'], 'VALIDATION_FAILED', 'SEGMENT_NOT_QA');
      if (!isQa && body.answer !== undefined)
        throw invalidInput(['body', 'answer'], 'VALIDATION_FAILED', 'SEGMENT_NOT_QA');

      const question = body.question?.trim() ?? segment.question;
      const answer = body.answer?.trim() ?? segment.answer;
      // A QA pair's text is its question and answer (as the QA routes write it), unless the text itself is given.
      const pairChanged = question !== segment.question || answer !== segment.answer;
      const text = body.text ?? (isQa && pairChanged ? `${question}\n${answer}` : segment.text);
      const changes: Parameters<typeof segments.update>[2] = {};
      if (body.enabled !== undefined) changes.enabled = body.enabled;
      if (text !== segment.text || pairChanged) {
        Object.assign(changes, { text, ...(isQa ? { question, answer } : {}) });
        changes.searchText = searchText((question ? `${question}\n` : '') + text);
        const model = segment.embeddingModel;
        if (model && fastify.embedder.has(model)) {
          const [vector] = await fastify.embedder.embed(model, [text]).catch((error: unknown) => {
            request.log.warn({ err: error }, 'embedding an edited segment failed');
            throw new AppError(502, 'PROVIDER_ERROR', 'EMBEDDING_FAILED');
          });
          changes.embedding = vector ? toBytes(vector) : null;
        } else {
          // A vector of the old text would find the segment for what it no longer says.
          changes.embedding = null;
        }
      }
      if (Object.keys(changes).length > 0 && !(await segments.update(tenantId, segment, changes)))
        throw notFound('SEGMENT_NOT_FOUND');
      const { searchText: _tokens, embeddingModel: _model, ...updated } = await requireSegment(tenantId, segment.id);
      return updated;
    },
  });

  route(fastify, DeleteSegment, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Delete a segment (its file and dataset count one less); 409 CONFLICT while a job parses its file',
    handler: async (request) => {
      const segment = await requireSegment(request.auth.tenantId, request.params.sid);
      if (!(await segments.remove(request.auth.tenantId, segment))) throw notFound('SEGMENT_NOT_FOUND');
      return { ok: true as const };
    },
  });
};

export default segmentsRoutes;
