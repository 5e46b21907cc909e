import type { Catalog } from '@flotilla/shared';

/** en-US messages of the users remote's user-import screens; every id is also in the other language's file. */
export const enUS: Catalog = {
  'users.import.open': 'Import',
  'users.import.template': 'Download template',
  'users.import.export': 'Export',
  'users.import.title': 'Import users',
  'users.import.hint':
    'An xlsx or csv file (at most {mb} MB and {rows, number} users) whose first row names the columns: username, nickname, phone, password, role, isAgent (or 用户名, 昵称, 手机号, 密码, 角色, 是否客服). Roles: admin, operator or agent.',
  'users.import.choose': 'Choose a file',
  'users.import.chooseAnother': 'Choose another file',
  'users.import.previewing': 'Checking the sheet…',
  'users.import.previewFailed': 'The sheet cannot be imported',
  'users.import.valid': '{count, plural, one {# valid row} other {# valid rows}}',
  'users.import.invalid': '{count, plural, one {# row to fix} other {# rows to fix}}',
  'users.import.invalidOnly': 'Only rows to fix',
  'users.import.fixHint':
    'Fix these rows in the sheet, save it and choose it again: nobody is imported until every row is valid.',
  'users.import.column.row': 'Row',
  'users.import.column.username': 'Username',
  'users.import.column.phone': 'Phone',
  'users.import.column.errors': 'Problems',
  'users.import.ok': 'OK',
  'users.import.submit': '{count, plural, one {Import # user} other {Import # users}}',
  'users.import.refused': 'Rows can no longer be imported; nobody was imported:',
  'users.import.failed': 'The import could not start: {message}',
  'users.import.row': 'Row {row}: {message}',
  'users.import.queued': 'Waiting to start…',
  'users.import.running': 'Creating users…',
  'users.import.taskFailed': 'The import failed; nobody was imported. {error}',
  'users.import.taskCancelled': 'The import was cancelled; nobody was imported.',
  'users.import.done': '{count, plural, one {# user imported} other {# users imported}}',
  'users.import.progress': 'Import progress',
  'users.import.close': 'Close',
};
