import { CHUNK_LIMITS, DEFAULT_SEPARATORS, type ChunkSettings } from '@flotilla/shared';
import { separatorsProblem } from './separators';

/** The settings a new dataset starts with. */
export const DEFAULT_CHUNK_SETTINGS: ChunkSettings = {
  chunkSize: CHUNK_LIMITS.chunkSize.default,
  overlap: CHUNK_LIMITS.overlap.default,
  separators: [...DEFAULT_SEPARATORS],
};

/** Why chunk settings cannot be sent: the message id of the first problem, or `null`. */
export function chunkSettingsProblem({ chunkSize, overlap, separators }: ChunkSettings): string | null {
  const { chunkSize: size, overlap: over } = CHUNK_LIMITS;
  if (!Number.isInteger(chunkSize) || chunkSize < size.min || chunkSize > size.max)
    return 'datasets.chunk.error.chunkSize';
  if (!Number.isInteger(overlap) || overlap < over.min || overlap > over.max) return 'datasets.chunk.error.overlap';
  if (overlap >= chunkSize) return 'datasets.chunk.error.overlapTooLarge';
  const problem = separatorsProblem(separators);
  if (problem === 'tooMany') return 'datasets.chunk.error.separatorsTooMany';
  if (problem === 'tooLong') return 'datasets.chunk.error.separatorsTooLong';
  return null;
}
