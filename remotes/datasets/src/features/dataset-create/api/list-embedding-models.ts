import { ListEmbeddingModels, request, type EmbeddingModel } from '@flotilla/shared';

/** The embedding models the server is configured with (none: full-text only). */
export function listEmbeddingModels(): Promise<EmbeddingModel[]> {
  return request(ListEmbeddingModels);
}
