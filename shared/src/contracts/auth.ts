import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, IsoDateSchema, LocalizedTextSchema, OkSchema, RoleSchema } from './common';
import { endpoint } from './endpoint';

/** The user record (persisted by the console as `user-state`). */
export const UserSchema = Type.Object({
  id: IdSchema,
  username: Type.String(),
  nickname: Type.String(),
  avatar: Type.String(),
  phone: Type.String(),
  role: RoleSchema,
  tenantId: IdSchema,
  ban: Type.Boolean(),
  isAgent: Type.Boolean(),
  permissions: Type.Array(Type.String()),
  createAt: IsoDateSchema,
});
export type User = Static<typeof UserSchema>;

/** `POST /v1/login` (form or JSON). */
export const LoginBodySchema = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 256 }),
});
export type LoginBody = Static<typeof LoginBodySchema>;

export const LoginResponseSchema = Type.Object({ token: Type.String(), user: UserSchema });
export type LoginResponse = Static<typeof LoginResponseSchema>;

/** One entry of the server-driven menu (`POST /api/user/menu`). */
export type MenuItem = {
  key: string;
  title: Static<typeof LocalizedTextSchema>;
  path: string;
  icon: string;
  order: number;
  hidden: boolean;
  children: MenuItem[];
};
export const MenuItemSchema = Type.Recursive(
  (Self) =>
    Type.Object({
      key: Type.String(),
      title: LocalizedTextSchema,
      path: Type.String(),
      icon: Type.String(),
      order: Type.Integer(),
      hidden: Type.Boolean(),
      children: Type.Array(Self),
    }),
  { $id: 'MenuItem' },
);
export const MenuResponseSchema = Type.Array(MenuItemSchema);

/** `POST /v1/tenants` (platform owner only). */
export const CreateTenantBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  adminUsername: Type.String({ minLength: 3, maxLength: 64, pattern: '^[A-Za-z0-9_.@-]+$' }),
  adminPassword: Type.String({ minLength: 8, maxLength: 256 }),
});
export type CreateTenantBody = Static<typeof CreateTenantBodySchema>;
export const TenantSchema = Type.Object({ id: IdSchema, name: Type.String(), createdAt: IsoDateSchema });
export type Tenant = Static<typeof TenantSchema>;
export const CreateTenantResponseSchema = Type.Object({ tenant: TenantSchema, admin: UserSchema });

/** Logs in with username and password; answers the token and the user. */
export const Login = endpoint({
  method: 'POST',
  path: '/v1/login',
  body: LoginBodySchema,
  bodyAs: 'form',
  response: LoginResponseSchema,
});
/** What an SSO callback sends back to the server: the provider's code, where it returned, and the client. */
export const ConsumeCodeBodySchema = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 2048 }),
  callBackUrl: Type.String({ minLength: 1, maxLength: 2048 }),
  clientId: Type.String({ maxLength: 200 }),
});
export type ConsumeCodeBody = Static<typeof ConsumeCodeBodySchema>;
/** Exchanges a single sign-on code for a login (the token and the user). */
export const ConsumeCode = endpoint({
  method: 'POST',
  path: '/v1/consumeCode',
  body: ConsumeCodeBodySchema,
  response: LoginResponseSchema,
});
/** The same for an app's callback (`apps/{clientId}/oauth2`). */
export const ConsumeAppCode = endpoint({
  method: 'POST',
  path: '/v1/consumeCode/apps',
  body: ConsumeCodeBodySchema,
  response: LoginResponseSchema,
});

/** Logs out: revokes the token the call carries. */
export const Logout = endpoint({ method: 'POST', path: '/v1/logout', response: OkSchema });
/** The logged-in user. */
export const GetCurrentUser = endpoint({ method: 'GET', path: '/v1/users/me', response: UserSchema });
/** The menu of the caller's role. */
export const GetMenu = endpoint({ method: 'POST', path: '/api/user/menu', response: MenuResponseSchema });
/** Creates a tenant with its first admin (platform owner only). */
export const CreateTenant = endpoint({
  method: 'POST',
  path: '/v1/tenants',
  body: CreateTenantBodySchema,
  response: CreateTenantResponseSchema,
});
