import { randomUUID } from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import type { ExportUsersBody, Role } from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { containsText } from '../../../db/filters';
import { scoped } from '../../../db/scoped';

/** Values bound per query: well under SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const CHUNK = 500;

const chunks = <T>(items: T[], size = CHUNK): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** A stored phone without its spaces and dashes (the users list and lookups compare phones so). */
const barePhone = sql<string>`replace(replace(${sql.ref('users.phone')}, ' ', ''), '-', '')`;

/**
 * Which of these usernames are taken in any tenant (usernames are unique platform-wide), and which of these
 * phones (without spaces and dashes) another user of `tenantId` has.
 */
export async function existingUsers(
  db: Database,
  tenantId: string,
  usernames: string[],
  barePhones: string[],
): Promise<{ usernames: Set<string>; phones: Set<string> }> {
  const taken = { usernames: new Set<string>(), phones: new Set<string>() };
  for (const part of chunks(usernames)) {
    const rows = await db.selectFrom('users').select('username').where('username', 'in', part).execute();
    for (const row of rows) taken.usernames.add(row.username);
  }
  for (const part of chunks(barePhones)) {
    const rows = await scoped(db, tenantId)
      .selectFrom('users')
      .select(barePhone.as('bare'))
      .where(sql<SqlBool>`${barePhone} in (${sql.join(part)})`)
      .execute();
    for (const row of rows) taken.phones.add(row.bare);
  }
  return taken;
}

/** A checked user with their password hashed, ready to insert. */
export type ReadyUser = {
  username: string;
  nickname: string;
  phone: string;
  passwordHash: string;
  role: Role;
  isAgent: boolean;
};

/**
 * Inserts the users into `tenantId` within the caller's transaction, in chunks; `between` runs before each
 * chunk (it may throw to stop, which rolls the transaction back). Only these declared fields are written.
 */
export async function insertUsers(
  trx: Database,
  tenantId: string,
  users: ReadyUser[],
  now: string,
  between: () => void,
): Promise<void> {
  for (const part of chunks(users)) {
    between();
    await scoped(trx, tenantId)
      .insertInto(
        'users',
        part.map((user) => ({
          id: randomUUID(),
          username: user.username,
          passwordHash: user.passwordHash,
          nickname: user.nickname,
          avatar: '',
          phone: user.phone,
          role: user.role,
          isAgent: user.isAgent ? 1 : 0,
          ban: 0,
          isPlatformOwner: 0,
          permissions: '[]',
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
  }
}

/** A user as the export writes them. */
export type ExportedUser = {
  phone: string;
  nickname: string;
  username: string;
  role: Role;
  balance: number;
  createdAt: string;
};

/**
 * The tenant's users matching the users list's filters (the same meaning as `GET /v1/users/list`), in its
 * order, with their credit balance (0 without a balance row); at most `limit` rows.
 */
export async function exportedUsers(
  db: Database,
  tenantId: string,
  filters: ExportUsersBody,
  limit: number,
): Promise<ExportedUser[]> {
  let query = scoped(db, tenantId)
    .selectFrom('users')
    .leftJoin('creditBalances', (join) =>
      join.onRef('creditBalances.userId', '=', 'users.id').onRef('creditBalances.tenantId', '=', 'users.tenantId'),
    );
  if (filters.keyword) {
    const keyword = filters.keyword;
    query = query.where((eb) =>
      eb.or([
        containsText('users.username', keyword),
        containsText('users.nickname', keyword),
        containsText('users.phone', keyword),
      ]),
    );
  }
  // The schema allows digits only, so the pattern needs no escaping.
  if (filters.phone) query = query.where(sql<SqlBool>`${barePhone} like ${`%${filters.phone}%`}`);
  if (filters.role) query = query.where('users.role', '=', filters.role);
  if (filters.ban !== undefined) query = query.where('users.ban', '=', filters.ban ? 1 : 0);
  if (filters.isAgent !== undefined) query = query.where('users.isAgent', '=', filters.isAgent ? 1 : 0);
  const sort = filters.sort ?? 'createdAt';
  const order = filters.order ?? 'desc';
  const rows = await query
    .select([
      'users.phone',
      'users.nickname',
      'users.username',
      'users.role',
      'users.createdAt',
      'creditBalances.balance',
    ])
    .orderBy(`users.${sort}`, order)
    .orderBy('users.id', order)
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    phone: row.phone,
    nickname: row.nickname,
    username: row.username,
    role: row.role,
    balance: Number(row.balance ?? 0),
    createdAt: row.createdAt,
  }));
}
