import { http, type EmbeddingModel } from '@flotilla/shared';

/** `GET /v1/datasets/embeddingModels`: the embedding models the server is configured with (none: full-text only). */
export function listEmbeddingModels(): Promise<EmbeddingModel[]> {
  return http.get<EmbeddingModel[]>('/v1/datasets/embeddingModels');
}
