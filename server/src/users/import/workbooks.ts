import ExcelJS from 'exceljs';
import type { Locale, Role, UserImportColumn } from '@flotilla/shared/contracts';
import type { ExportedUser } from '../../plugins/app/users/users-import-store';

/** The template's header names (the import reads these, the English ones, and the variants sheet.ts lists). */
const TEMPLATE_HEADERS: Record<Locale, Record<UserImportColumn, string>> = {
  'zh-CN': {
    username: '用户名',
    nickname: '昵称',
    phone: '手机号',
    password: '密码',
    role: '角色',
    isAgent: '是否客服',
  },
  'en-US': {
    username: 'username',
    nickname: 'nickname',
    phone: 'phone',
    password: 'password',
    role: 'role',
    isAgent: 'isAgent',
  },
};
const EXAMPLE: Record<Locale, Record<UserImportColumn, string>> = {
  'zh-CN': {
    username: 'zhangsan',
    nickname: '张三',
    phone: '13800138000',
    password: 'change-me-2026',
    role: '客服',
    isAgent: '是',
  },
  'en-US': {
    username: 'jsmith',
    nickname: 'Jane Smith',
    phone: '+44 20 7946 0000',
    password: 'change-me-2026',
    role: 'agent',
    isAgent: 'yes',
  },
};
const ROLE_NAMES: Record<Locale, Record<Role, string>> = {
  'zh-CN': { admin: '管理员', operator: '运营', agent: '客服' },
  'en-US': { admin: 'admin', operator: 'operator', agent: 'agent' },
};
const EXPORT_HEADERS: Record<Locale, string[]> = {
  'zh-CN': ['手机号', '姓名', '角色', '余额', '创建时间'],
  'en-US': ['Phone', 'Name', 'Role', 'Balance', 'Created'],
};

async function bytesOf(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The import template: the header row and one example row, in the caller's language; every cell text. */
export async function templateWorkbook(locale: Locale): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('users');
  const columns = Object.keys(TEMPLATE_HEADERS[locale]) as UserImportColumn[];
  sheet.columns = columns.map((column) => ({ header: TEMPLATE_HEADERS[locale][column], key: column, width: 18 }));
  // Text cells: a phone keeps its leading + or 0, and a spreadsheet does not turn it into a number.
  for (let i = 1; i <= columns.length; i++) sheet.getColumn(i).numFmt = '@';
  sheet.addRow(EXAMPLE[locale]);
  sheet.getRow(1).font = { bold: true };
  return bytesOf(workbook);
}

/** The exported users: phone, name, role, balance and creation time, one row each below a header row. */
export async function exportWorkbook(users: ExportedUser[], locale: Locale): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('users');
  sheet.addRow(EXPORT_HEADERS[locale]).font = { bold: true };
  for (const user of users)
    sheet.addRow([
      user.phone,
      user.nickname.trim() === '' ? user.username : user.nickname,
      ROLE_NAMES[locale][user.role],
      user.balance,
      new Date(user.createdAt),
    ]);
  sheet.getColumn(1).numFmt = '@';
  sheet.getColumn(5).numFmt = 'yyyy-mm-dd hh:mm:ss';
  [16, 20, 10, 12, 20].forEach((width, i) => (sheet.getColumn(i + 1).width = width));
  return bytesOf(workbook);
}
