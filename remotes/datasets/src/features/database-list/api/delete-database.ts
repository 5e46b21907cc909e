import { DeleteDatabase, request, type Ok } from '@flotilla/shared';

/** Removes a database (a built-in one's file with it). */
export function deleteDatabase(id: string): Promise<Ok> {
  return request(DeleteDatabase, { params: { id } });
}
