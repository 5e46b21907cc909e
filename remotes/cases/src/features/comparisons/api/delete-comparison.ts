import { DeleteComparison, request } from '@flotilla/shared';

/** Deletes a comparison (its task is cancelled first when it runs). */
export async function deleteComparison(id: string): Promise<void> {
  await request(DeleteComparison, { params: { id } });
}
