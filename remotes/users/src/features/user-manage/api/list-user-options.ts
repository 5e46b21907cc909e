import { ListUserOptions, request, type UserOption } from '@flotilla/shared';

/** The first 50 users whose name contains `keyword`, as picker options. */
export async function listUserOptions(keyword: string): Promise<UserOption[]> {
  const query = { offset: 0, limit: 50, ...(keyword && { keyword }) };
  return (await request(ListUserOptions, { query })).list;
}
