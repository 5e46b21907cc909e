import type { User } from '@flotilla/shared';

let nextId = 1;
/** A user record as the server returns it. */
export function makeUser(patch: Partial<User> = {}): User {
  const id = String(nextId++);
  return {
    id,
    username: `user${id}`,
    nickname: `User ${id}`,
    avatar: '',
    phone: '',
    role: 'operator',
    tenantId: 't1',
    ban: false,
    isAgent: false,
    permissions: [],
    createAt: '2025-01-02T03:04:05.000Z',
    ...patch,
  };
}
