import { GetDatabase, request, type Database } from '@flotilla/shared';

/** One database of the tenant (404 when it is not one). */
export function getDatabase(id: string): Promise<Database> {
  return request(GetDatabase, { params: { id } });
}
