import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, OkSchema, PageQuerySchema, PageSchema, RoleSchema } from './common';
import { UserSchema } from './auth';
import { endpoint } from './endpoint';

/** Columns `GET /v1/users/list` sorts by. */
export const USER_SORTS = ['createdAt', 'username'] as const;
export type UserSort = (typeof USER_SORTS)[number];
/** Directions of a sort. */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A name filter: part of a username or nickname. */
export const UserKeywordSchema = Type.String({ maxLength: 100 });

/**
 * `GET /v1/users/list`: paged; `keyword` matches the username, nickname or phone as stored (the list's search
 * box), `phone` is digits found in the phone (spaces and dashes in stored numbers ignored); newest first unless
 * `sort`/`order` say otherwise.
 */
export const ListUsersQuerySchema = Type.Composite([
  PageQuerySchema,
  Type.Object({
    keyword: Type.Optional(UserKeywordSchema),
    phone: Type.Optional(Type.String({ maxLength: 32, pattern: '^[0-9]*$' })),
    role: Type.Optional(RoleSchema),
    ban: Type.Optional(Type.Boolean()),
    isAgent: Type.Optional(Type.Boolean()),
    sort: Type.Optional(Type.Union(USER_SORTS.map((s) => Type.Literal(s)))),
    order: Type.Optional(Type.Union(SORT_ORDERS.map((o) => Type.Literal(o)))),
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

/** One page of the tenant's users, filtered by name, phone, role, ban and agent flag, sorted (admin only). */
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

/** A user as a picker shows them: `name` is the nickname, or the username when there is none. */
export const UserOptionSchema = Type.Object({ id: IdSchema, name: Type.String() });
export type UserOption = Static<typeof UserOptionSchema>;

/** `GET /v1/users/list/simple`: paged, with an optional name filter. */
export const ListUserOptionsQuerySchema = Type.Composite([
  PageQuerySchema,
  Type.Object({ keyword: Type.Optional(UserKeywordSchema) }),
]);
export type ListUserOptionsQuery = Static<typeof ListUserOptionsQuerySchema>;
export const UserOptionListResponseSchema = PageSchema(UserOptionSchema);
export type UserOptionListResponse = Static<typeof UserOptionListResponseSchema>;

/** One page of the caller's tenant's users as `{ id, name }`, for pickers (staff). */
export const ListUserOptions = endpoint({
  method: 'GET',
  path: '/v1/users/list/simple',
  query: ListUserOptionsQuerySchema,
  response: UserOptionListResponseSchema,
});

/** `GET /v1/users/phone`: a phone number; spaces and dashes are ignored when comparing. */
export const FindUserByPhoneQuerySchema = Type.Object({
  phone: Type.String({ minLength: 1, maxLength: 32, pattern: '^\\+?[0-9][0-9 -]*$' }),
});
export type FindUserByPhoneQuery = Static<typeof FindUserByPhoneQuerySchema>;

/** The tenant's user with exactly that phone, or 404 `USER_NOT_FOUND` (admin only). */
export const FindUserByPhone = endpoint({
  method: 'GET',
  path: '/v1/users/phone',
  query: FindUserByPhoneQuerySchema,
  response: UserSchema,
});

/** A user the caller may act for, with their role. */
export const ActingUserSchema = Type.Object({ id: IdSchema, name: Type.String(), role: RoleSchema });
export type ActingUser = Static<typeof ActingUserSchema>;
export const ActingUserListResponseSchema = PageSchema(ActingUserSchema);
export type ActingUserListResponse = Static<typeof ActingUserListResponseSchema>;

/**
 * One page of the users the caller may act for: an admin, every user of the tenant; an operator, the
 * tenant's agents (role agent or agent flag) and themself; an agent, only themself (staff).
 */
export const ListActingUsers = endpoint({
  method: 'GET',
  path: '/v1/users/allow/list',
  query: PageQuerySchema,
  response: ActingUserListResponseSchema,
});

/** A user's picture: an uploaded image (`/v2/upload/file/…`), a data: image, or empty for none (as robot icons). */
export const AvatarSchema = Type.String({ maxLength: 500, pattern: '^(/(?!/)|data:image/|[^:/]*$)' });

/** `PUT /v1/users/{id}`: the fields given change (the same rules as creation), the others stay. */
export const UpdateUserBodySchema = Type.Object(
  {
    nickname: Type.Optional(CreateUserBodySchema.properties.nickname),
    phone: Type.Optional(CreateUserBodySchema.properties.phone),
    role: Type.Optional(RoleSchema),
    isAgent: Type.Optional(Type.Boolean()),
    avatar: Type.Optional(AvatarSchema),
  },
  { minProperties: 1 },
);
export type UpdateUserBody = Static<typeof UpdateUserBodySchema>;

/** `POST /v1/users/{id}/password`: the new password (the same rule as creation). */
export const ResetPasswordBodySchema = Type.Object({ password: CreateUserBodySchema.properties.password });
export type ResetPasswordBody = Static<typeof ResetPasswordBodySchema>;

/** `DELETE /v1/users/{id}`: who receives the deleted user's robots (a user of the tenant; default: the caller). */
export const DeleteUserQuerySchema = Type.Object({ robotsTo: Type.Optional(IdSchema) });
export type DeleteUserQuery = Static<typeof DeleteUserQuerySchema>;
/** What a deletion did: how many robots moved, and to whom. */
export const DeleteUserResponseSchema = Type.Object({
  robotsTo: IdSchema,
  robotsMoved: Type.Integer({ minimum: 0 }),
});
export type DeleteUserResponse = Static<typeof DeleteUserResponseSchema>;

/**
 * Changes a user's nickname, phone, role, agent flag or avatar (admin only). Demoting the tenant's last
 * active admin, or the platform owner, answers 409.
 */
export const UpdateUser = endpoint({
  method: 'PUT',
  path: '/v1/users/{id}',
  params: UserIdParamsSchema,
  body: UpdateUserBodySchema,
  response: UserSchema,
});
/** Sets a user's password and revokes their tokens (admin only). */
export const ResetUserPassword = endpoint({
  method: 'POST',
  path: '/v1/users/{id}/password',
  params: UserIdParamsSchema,
  body: ResetPasswordBodySchema,
  response: OkSchema,
});
/**
 * Deletes a user with their tokens, balance and ledger; their robots move to `robotsTo` in the same
 * transaction (admin only). Deleting oneself, the tenant's last active admin or the platform owner answers 409.
 */
export const DeleteUser = endpoint({
  method: 'DELETE',
  path: '/v1/users/{id}',
  params: UserIdParamsSchema,
  query: DeleteUserQuerySchema,
  response: DeleteUserResponseSchema,
});
