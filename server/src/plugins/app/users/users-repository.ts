import { randomUUID } from 'node:crypto';
import { sql, type Selectable, type SqlBool } from 'kysely';
import type {
  ActingUser,
  CreateUserBody,
  DeleteUserResponse,
  ListUserOptionsQuery,
  ListUsersQuery,
  Page,
  PageQuery,
  Role,
  User,
  UpdateUserBody,
  UserOption,
} from '@flotilla/shared/contracts';
import type { Kysely } from 'kysely';
import { raiseVersion } from '../../../db/data-versions';
import { isUniqueViolation, type Database } from '../../../db/database';
import { containsText, paged } from '../../../db/filters';
import type { DB, UsersTable } from '../../../db/schema';
import { scoped } from '../../../db/scoped';
import { AppError, invalidInput, notFound } from '../../../lib/app-error';
import { isoNow } from '../../../lib/clock';
import { hashPassword } from '../../../lib/password';

export type UserRow = Selectable<UsersTable>;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    avatar: row.avatar,
    phone: row.phone,
    role: row.role,
    tenantId: row.tenantId,
    ban: row.ban === 1,
    isAgent: row.isAgent === 1,
    permissions: JSON.parse(row.permissions) as string[],
    createAt: row.createdAt,
  };
}

/** A stored phone without its spaces and dashes, as lookups compare it (same SQL on SQLite and PostgreSQL). */
const barePhone = sql<string>`replace(replace(${sql.ref('users.phone')}, ' ', ''), '-', '')`;

/** A phone as typed, without its spaces and dashes. */
export function normalisePhone(phone: string): string {
  return phone.replace(/[ -]/g, '');
}

/** What a picker shows for a user: the nickname, or the username when the nickname is empty. */
function displayName(row: { username: string; nickname: string }): string {
  return row.nickname.trim() === '' ? row.username : row.nickname;
}

export type NewUser = {
  username: string;
  password: string;
  nickname?: string;
  phone?: string;
  role: Role;
  isAgent?: boolean;
  isPlatformOwner?: boolean;
};

/** Inserts a user into `tenantId` (inside the caller's transaction when given one); 409 when the username is taken. */
export async function insertUser(db: Database, tenantId: string, input: NewUser): Promise<User> {
  const taken = await db.selectFrom('users').select('id').where('username', '=', input.username).executeTakeFirst();
  if (taken) throw new AppError(409, 'USERNAME_TAKEN');
  const now = isoNow();
  const row = {
    id: randomUUID(),
    username: input.username,
    passwordHash: await hashPassword(input.password),
    nickname: input.nickname ?? input.username,
    avatar: '',
    phone: input.phone ?? '',
    role: input.role,
    isAgent: (input.isAgent ?? input.role === 'agent') ? 1 : 0,
    ban: 0,
    isPlatformOwner: input.isPlatformOwner ? 1 : 0,
    permissions: '[]',
    createdAt: now,
    updatedAt: now,
  } as const;
  try {
    await scoped(db, tenantId).insertInto('users', row).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'USERNAME_TAKEN');
    throw error;
  }
  return toUser({ ...row, tenantId });
}

/**
 * Serialises the changes that could leave a tenant without an admin: on PostgreSQL the tenant's row is locked
 * until the transaction ends (two admins demoting each other at once cannot both pass the check); SQLite runs
 * one write transaction at a time anyway.
 */
async function lockTenant(trx: Kysely<DB>, tenantId: string): Promise<void> {
  await trx
    .updateTable('tenants')
    .set((eb) => ({ name: eb.ref('name') }))
    .where('id', '=', tenantId)
    .execute();
}

/**
 * Refuses a change that takes `target` away from the tenant's admins when it is the platform owner, or when no
 * other active (unfrozen) admin would be left: 409.
 */
async function keepAnAdmin(trx: Kysely<DB>, target: UserRow): Promise<void> {
  if (target.isPlatformOwner === 1) throw new AppError(409, 'CONFLICT', 'PLATFORM_OWNER_KEPT');
  if (target.role !== 'admin') return;
  const others = await scoped(trx, target.tenantId)
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('total'))
    .where('role', '=', 'admin')
    .where('ban', '=', 0)
    .where('id', '!=', target.id)
    .executeTakeFirstOrThrow();
  if (Number(others.total) === 0) throw new AppError(409, 'LAST_ADMIN');
}

/** 409 when the user is the platform owner, whose account no other admin may lock or take over. */
async function refuseIfPlatformOwner(trx: Kysely<DB>, tenantId: string, id: string): Promise<void> {
  const target = await scoped(trx, tenantId)
    .selectFrom('users')
    .select('isPlatformOwner')
    .where('id', '=', id)
    .executeTakeFirst();
  if (target?.isPlatformOwner === 1) throw new AppError(409, 'CONFLICT', 'PLATFORM_OWNER_KEPT');
}

export function usersRepository(db: Database) {
  /** The tenant's users, narrowed to those whose username or nickname contains `keyword` when one is given. */
  const byName = (tenantId: string, keyword: string | undefined) => {
    const base = scoped(db, tenantId).selectFrom('users');
    if (!keyword) return base;
    return base.where((eb) =>
      eb.or([containsText('users.username', keyword), containsText('users.nickname', keyword)]),
    );
  };
  const bareEquals = (phone: string) => sql<SqlBool>`${barePhone} = ${phone}`;

  return {
    /** Login looks a username up across tenants: usernames are unique platform-wide. */
    findByUsername(username: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
    },

    async get(tenantId: string, id: string): Promise<User | undefined> {
      const row = await scoped(db, tenantId).selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toUser(row);
    },

    async list(tenantId: string, query: ListUsersQuery): Promise<Page<User>> {
      // The employee list's one search box finds a name or a phone as typed; `phone` is the digits-only filter.
      let base = scoped(db, tenantId).selectFrom('users');
      if (query.keyword) {
        const keyword = query.keyword;
        base = base.where((eb) =>
          eb.or([
            containsText('users.username', keyword),
            containsText('users.nickname', keyword),
            containsText('users.phone', keyword),
          ]),
        );
      }
      // The schema allows digits only, so the pattern needs no escaping.
      if (query.phone) base = base.where(sql<SqlBool>`${barePhone} like ${`%${query.phone}%`}`);
      if (query.role) base = base.where('role', '=', query.role);
      if (query.ban !== undefined) base = base.where('ban', '=', query.ban ? 1 : 0);
      if (query.isAgent !== undefined) base = base.where('isAgent', '=', query.isAgent ? 1 : 0);
      const sort = query.sort ?? 'createdAt';
      const order = query.order ?? 'desc';
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy(sort, order)
          // A stable order across pages when the sorted column ties (users created in the same millisecond).
          .orderBy('id', order)
          .limit(query.limit)
          .offset(query.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      return paged(rows.map(toUser), count.total);
    },

    /** One page of the tenant's users as picker options, newest first. */
    async options(tenantId: string, query: ListUserOptionsQuery): Promise<Page<UserOption>> {
      const base = byName(tenantId, query.keyword);
      const [rows, count] = await Promise.all([
        base
          .select(['id', 'username', 'nickname'])
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(query.limit)
          .offset(query.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      return paged(
        rows.map((row) => ({ id: row.id, name: displayName(row) })),
        count.total,
      );
    },

    /** Which of `ids` are not users of the tenant (in one query; `ids` is bounded by the caller's schema). */
    async missing(tenantId: string, ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await scoped(db, tenantId)
        .selectFrom('users')
        .select('id')
        .where('id', 'in', [...ids])
        .execute();
      const found = new Set(rows.map((row) => row.id));
      return ids.filter((id) => !found.has(id));
    },

    /** The tenant's user whose phone, without spaces and dashes, equals `phone` (the oldest when several do). */
    async findByPhone(tenantId: string, phone: string): Promise<User | undefined> {
      const row = await scoped(db, tenantId)
        .selectFrom('users')
        .selectAll()
        .where(bareEquals(normalisePhone(phone)))
        .orderBy('createdAt', 'asc')
        .orderBy('id', 'asc')
        .executeTakeFirst();
      return row && toUser(row);
    },

    /**
     * The users `caller` may act for: an admin, the whole tenant; an operator, the tenant's agents and
     * themself; an agent, themself.
     */
    async actingFor(
      caller: { tenantId: string; userId: string; role: Role },
      page: PageQuery,
    ): Promise<Page<ActingUser>> {
      let base = scoped(db, caller.tenantId).selectFrom('users');
      if (caller.role === 'operator') {
        base = base.where((eb) =>
          eb.or([eb('role', '=', 'agent'), eb('isAgent', '=', 1), eb('id', '=', caller.userId)]),
        );
      } else if (caller.role !== 'admin') {
        base = base.where('id', '=', caller.userId);
      }
      const [rows, count] = await Promise.all([
        base
          .select(['id', 'username', 'nickname', 'role'])
          .orderBy('createdAt', 'asc')
          .orderBy('id', 'asc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      return paged(
        rows.map((row) => ({ id: row.id, name: displayName(row), role: row.role })),
        count.total,
      );
    },

    /** A user of the tenant, never a platform owner: only the fields the call declares are taken. */
    create(tenantId: string, body: CreateUserBody): Promise<User> {
      const { username, password, nickname, phone, role, isAgent } = body;
      return insertUser(db, tenantId, { username, password, nickname, phone, role, isAgent });
    },

    /** Freezing also revokes the user's tokens, in one transaction, so it takes effect on the next request. */
    async setBan(tenantId: string, id: string, ban: boolean): Promise<User | undefined> {
      return db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        const now = isoNow();
        if (ban) await refuseIfPlatformOwner(trx, tenantId, id);
        const result = await tenant
          .updateTable('users')
          .set({ ban: ban ? 1 : 0, updatedAt: now })
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return undefined;
        if (ban) {
          await tenant
            .updateTable('tokens')
            .set({ revokedAt: now })
            .where('userId', '=', id)
            .where('revokedAt', 'is', null)
            .execute();
        }
        const row = await tenant.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        return toUser(row);
      });
    },

    /**
     * Changes the fields given; undefined when the tenant has no such user. Taking the admin role from the last
     * active admin (or from the platform owner) answers 409; the new role counts from the user's next request.
     */
    async update(tenantId: string, id: string, body: UpdateUserBody): Promise<User | undefined> {
      const { nickname, phone, role, isAgent, avatar } = body;
      return db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        if (role !== undefined && role !== 'admin') await lockTenant(trx, tenantId);
        const current = await tenant.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
        if (!current) return undefined;
        if (role !== undefined && role !== 'admin' && current.role === 'admin') await keepAnAdmin(trx, current);
        const patch = {
          ...(nickname !== undefined && { nickname }),
          ...(phone !== undefined && { phone }),
          ...(role !== undefined && { role }),
          ...(isAgent !== undefined && { isAgent: isAgent ? (1 as const) : (0 as const) }),
          ...(avatar !== undefined && { avatar }),
        };
        await tenant
          .updateTable('users')
          .set({ ...patch, updatedAt: isoNow() })
          .where('id', '=', id)
          .execute();
        return toUser({ ...current, ...patch });
      });
    },

    /**
     * Sets the password and revokes the user's tokens in one transaction; false when the tenant has no such user.
     * Only the platform owner sets their own: another admin of the first tenant would otherwise become the owner.
     */
    async setPassword(tenantId: string, actorId: string, id: string, password: string): Promise<boolean> {
      const passwordHash = await hashPassword(password);
      return db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        const now = isoNow();
        if (actorId !== id) await refuseIfPlatformOwner(trx, tenantId, id);
        const result = await tenant
          .updateTable('users')
          .set({ passwordHash, updatedAt: now })
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await tenant
          .updateTable('tokens')
          .set({ revokedAt: now })
          .where('userId', '=', id)
          .where('revokedAt', 'is', null)
          .execute();
        return true;
      });
    },

    /**
     * Deletes the user; their robots move to `robotsTo` in the same transaction, and their tokens, balance and
     * ledger go with them (the foreign keys cascade). 404 when either user is not the tenant's; 409 when the
     * user is the caller, the platform owner or the tenant's last active admin.
     */
    async remove(tenantId: string, id: string, robotsTo: string, callerId: string): Promise<DeleteUserResponse> {
      if (id === callerId) throw new AppError(409, 'CANNOT_DELETE_SELF');
      if (robotsTo === id) throw invalidInput(['query', 'robotsTo'], 'VALIDATION_FAILED', 'ROBOTS_TO_DELETED_USER');
      return db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        await lockTenant(trx, tenantId);
        const target = await tenant.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
        if (!target) throw notFound('USER_NOT_FOUND');
        const heir = await tenant.selectFrom('users').select('id').where('id', '=', robotsTo).executeTakeFirst();
        if (!heir) throw notFound('USER_NOT_FOUND');
        await keepAnAdmin(trx, target);
        const moved = await tenant
          .updateTable('processes')
          .set({ adminId: robotsTo, updatedAt: isoNow() })
          .where('adminId', '=', id)
          .executeTakeFirst();
        const robotsMoved = Number(moved.numUpdatedRows);
        if (robotsMoved > 0) await raiseVersion(trx, tenantId, 'processes');
        await tenant.deleteFrom('users').where('id', '=', id).execute();
        return { robotsTo, robotsMoved };
      });
    },
  };
}
