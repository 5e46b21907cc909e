import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, PageQuerySchema, PageSchema, RoleSchema } from './common';
import { UserSchema } from './auth';
import { endpoint } from './endpoint';

/** `GET /v1/users/list`: paged, with keyword, role and ban filters. */
export const ListUsersQuerySchema = Type.Composite([
  PageQuerySchema,
  Type.Object({
    keyword: Type.Optional(Type.String({ maxLength: 100 })),
    role: Type.Optional(RoleSchema),
    ban: Type.Optional(Type.Boolean()),
  }),
]);
export type ListUsersQuery = Static<typeof ListUsersQuerySchema>;
export const UserListResponseSchema = PageSchema(UserSchema);
export type UserListResponse = Static<typeof UserListResponseSchema>;

/** `POST /v1/users` (form): creates a user in the caller's tenant (admin only). */
export const CreateUserBodySchema = Type.Object({
  username: Type.String({ minLength: 3, maxLength: 64, pattern: '^[A-Za-z0-9_.@-]+$' }),
  nickname: Type.String({ minLength: 1, maxLength: 64 }),
  phone: Type.Optional(Type.String({ maxLength: 32, pattern: '^[0-9+\\- ]*$' })),
  password: Type.String({ minLength: 8, maxLength: 256 }),
  role: RoleSchema,
  isAgent: Type.Optional(Type.Boolean()),
});
export type CreateUserBody = Static<typeof CreateUserBodySchema>;

export const UserIdParamsSchema = Type.Object({ id: IdSchema });
export type UserIdParams = Static<typeof UserIdParamsSchema>;

/** One page of the tenant's users, filtered by keyword, role and ban (admin only). */
export const ListUsers = endpoint({
  method: 'GET',
  path: '/v1/users/list',
  query: ListUsersQuerySchema,
  response: UserListResponseSchema,
});
/** Creates a user in the caller's tenant (admin only). */
export const CreateUser = endpoint({
  method: 'POST',
  path: '/v1/users',
  body: CreateUserBodySchema,
  bodyAs: 'form',
  response: UserSchema,
});
/** Bans a user and revokes their tokens. */
export const FreezeUser = endpoint({
  method: 'GET',
  path: '/v1/users/{id}/freeze',
  params: UserIdParamsSchema,
  response: UserSchema,
});
/** Lifts a user's ban. */
export const UnfreezeUser = endpoint({
  method: 'GET',
  path: '/v1/users/{id}/unfreeze',
  params: UserIdParamsSchema,
  response: UserSchema,
});
