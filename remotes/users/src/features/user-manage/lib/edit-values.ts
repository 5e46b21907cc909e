import type { Role, UpdateUserBody, User } from '@flotilla/shared';

/** What the edit form holds (Semi's form leaves an emptied text field out). */
export type EditUserValues = { nickname?: string; phone?: string; role: Role; isAgent: boolean };

export function editValuesOf(user: User): EditUserValues {
  return { nickname: user.nickname, phone: user.phone, role: user.role, isAgent: user.isAgent };
}

/** Only what changed is sent (trimmed); undefined when nothing did. */
export function changesOf(user: User, values: EditUserValues, avatar: string): UpdateUserBody | undefined {
  const body: UpdateUserBody = {};
  const nickname = (values.nickname ?? '').trim();
  const phone = (values.phone ?? '').trim();
  if (nickname !== user.nickname) body.nickname = nickname;
  if (phone !== user.phone) body.phone = phone;
  if (values.role !== user.role) body.role = values.role;
  if (values.isAgent !== user.isAgent) body.isAgent = values.isAgent;
  if (avatar !== user.avatar) body.avatar = avatar;
  return Object.keys(body).length > 0 ? body : undefined;
}
