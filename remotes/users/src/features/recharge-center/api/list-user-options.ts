import { ListUserOptions, request, type UserOption } from '@flotilla/shared';

/** Users of the tenant whose name matches, for the user picker (the first 50). */
export async function listUserOptions(keyword: string): Promise<UserOption[]> {
  const query = { offset: 0, limit: 50, ...(keyword.trim() && { keyword: keyword.trim() }) };
  return (await request(ListUserOptions, { query })).list;
}
