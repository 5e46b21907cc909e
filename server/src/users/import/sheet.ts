import { USER_IMPORT_COLUMNS, type Role, type UserImportColumn } from '@flotilla/shared/contracts';
import type { MessageKey } from '../../lib/messages';
import type { Grid, GridCell } from '../../knowledge/table-import/grid';

/** Header names each column is known by, compared without case, spaces, underscores or dashes. */
const COLUMN_NAMES: Record<UserImportColumn, string[]> = {
  username: ['username', 'user', 'login', 'account', '用户名', '账号', '帐号', '登录名', '用户账号'],
  nickname: ['nickname', 'name', 'displayname', '昵称', '姓名', '名称', '用户昵称'],
  phone: ['phone', 'mobile', 'phonenumber', 'mobilephone', 'tel', '手机号', '手机', '手机号码', '电话', '联系电话'],
  password: ['password', 'pwd', '密码', '初始密码', '登录密码'],
  role: ['role', '角色', '用户角色'],
  isAgent: ['isagent', 'agent', '是否客服', '客服', '是否为客服'],
};
/** Columns a sheet must have; nickname (default: the username) and isAgent (default: role is agent) may be left out. */
const REQUIRED: UserImportColumn[] = ['username', 'phone', 'password', 'role'];

// A Map, not an object: a cell reading "constructor" must not find Object.prototype's.
const ROLE_NAMES = new Map<string, Role>([
  ['admin', 'admin'],
  ['administrator', 'admin'],
  ['管理员', 'admin'],
  ['operator', 'operator'],
  ['运营', 'operator'],
  ['运营人员', 'operator'],
  ['操作员', 'operator'],
  ['agent', 'agent'],
  ['客服', 'agent'],
  ['坐席', 'agent'],
]);
const YES = new Set(['yes', 'y', 'true', '1', '是', '对']);
const NO = new Set(['no', 'n', 'false', '0', '否', '不是']);

const fold = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');
const columnOf = new Map<string, UserImportColumn>(
  USER_IMPORT_COLUMNS.flatMap((column) => COLUMN_NAMES[column].map((name) => [fold(name), column] as const)),
);

/** The same rules as `POST /v1/users` (CreateUserBodySchema), which the import must not loosen. */
const USERNAME = /^[A-Za-z0-9_.@-]{3,64}$/;
/** Stored as written (CreateUserBodySchema's characters); compared without spaces and dashes. */
const PHONE = /^\+?[0-9][0-9 -]*$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const NICKNAME_MAX = 64;

/** A problem with a row: a message key, and the row it repeats when it repeats one. */
export type RowProblem = { key: MessageKey; row?: number };

/** A user row as read: its values (text as the sheet shows it) and what is wrong with it so far. */
export type SheetUser = {
  row: number;
  username: string;
  nickname: string;
  phone: string;
  /** The phone without spaces and dashes, as users are compared by phone. */
  barePhone: string;
  password: string;
  role: Role | undefined;
  isAgent: boolean | undefined;
  problems: RowProblem[];
};

/** Why a whole sheet cannot be read as users (a 422 on `file`). */
export class SheetRefused extends Error {
  constructor(readonly key: MessageKey) {
    super(key);
    this.name = 'SheetRefused';
  }
}

/** A cell as text: a formula's saved result is taken as its value (never evaluated); dates as ISO text. */
function textOf(cell: GridCell | undefined): string | { problem: 'formula' | 'error' } {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return cell.trim();
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  if ('date' in cell) return cell.date;
  return cell;
}

/** The columns of the header row; a missing required column or a field named twice refuses the sheet. */
function headerOf(cells: GridCell[]): Map<UserImportColumn, number> {
  const columns = new Map<UserImportColumn, number>();
  cells.forEach((cell, index) => {
    const name = textOf(cell);
    if (typeof name !== 'string') return;
    const column = columnOf.get(fold(name));
    if (!column) return;
    if (columns.has(column)) throw new SheetRefused('USERS_IMPORT_COLUMN_TWICE');
    columns.set(column, index);
  });
  if (REQUIRED.some((column) => !columns.has(column))) throw new SheetRefused('USERS_IMPORT_COLUMNS_MISSING');
  return columns;
}

/**
 * The users of a sheet (its first row is the header), each with the problems the sheet alone shows: missing or
 * malformed values, and a username or phone repeating an earlier row's. Whether a user exists already is asked
 * of the database afterwards (check.ts).
 */
export function sheetUsers(grid: Grid): SheetUser[] {
  const [header, ...rows] = grid.rows;
  if (!header) throw new SheetRefused('USERS_IMPORT_EMPTY');
  const columns = headerOf(header.cells);
  if (rows.length === 0) throw new SheetRefused('USERS_IMPORT_EMPTY');
  const firstByUsername = new Map<string, number>();
  const firstByPhone = new Map<string, number>();
  return rows.map(({ number, cells }) => {
    const problems: RowProblem[] = [];
    const value = (column: UserImportColumn): string => {
      const index = columns.get(column);
      const text = index === undefined ? '' : textOf(cells[index]);
      if (typeof text === 'string') return text;
      problems.push({ key: text.problem === 'formula' ? 'IMPORT_FORMULA_NO_RESULT' : 'IMPORT_CELL_ERROR' });
      return '';
    };
    const username = value('username');
    const nickname = value('nickname');
    const phone = value('phone');
    const password = value('password');
    const roleText = value('role');
    const agentText = value('isAgent');

    if (username === '') problems.push({ key: 'USERS_IMPORT_USERNAME_MISSING' });
    else if (!USERNAME.test(username)) problems.push({ key: 'USERS_IMPORT_USERNAME_INVALID' });
    else if (firstByUsername.has(username))
      problems.push({ key: 'USERS_IMPORT_USERNAME_REPEATED', row: firstByUsername.get(username) });
    else firstByUsername.set(username, number);

    if ([...nickname].length > NICKNAME_MAX) problems.push({ key: 'USERS_IMPORT_NICKNAME_TOO_LONG' });

    const barePhone = phone.replace(/[ -]/g, '');
    if (phone === '') problems.push({ key: 'USERS_IMPORT_PHONE_MISSING' });
    else if (phone.length > 32 || !PHONE.test(phone) || !/^\+?[0-9]{5,20}$/.test(barePhone))
      problems.push({ key: 'USERS_IMPORT_PHONE_INVALID' });
    else if (firstByPhone.has(barePhone))
      problems.push({ key: 'USERS_IMPORT_PHONE_REPEATED', row: firstByPhone.get(barePhone) });
    else firstByPhone.set(barePhone, number);

    // Characters as the creation schema counts them (code points).
    const length = [...password].length;
    if (length < PASSWORD_MIN) problems.push({ key: 'USERS_IMPORT_PASSWORD_WEAK' });
    else if (length > PASSWORD_MAX) problems.push({ key: 'USERS_IMPORT_PASSWORD_TOO_LONG' });

    const role = ROLE_NAMES.get(fold(roleText));
    if (!role) problems.push({ key: 'USERS_IMPORT_ROLE_UNKNOWN' });

    const agent = fold(agentText);
    const isAgent = agent === '' ? undefined : YES.has(agent) ? true : NO.has(agent) ? false : null;
    if (isAgent === null) problems.push({ key: 'USERS_IMPORT_AGENT_INVALID' });

    return {
      row: number,
      username,
      nickname: nickname === '' ? username : nickname,
      phone,
      barePhone,
      password,
      role,
      isAgent: isAgent ?? undefined,
      problems,
    };
  });
}
