import type { Catalog } from '@flotilla/shared';

/** en-US messages of the users remote's user-manage screens; every id is also in the other language's file. */
export const enUS: Catalog = {
  'users.filter.phone': 'Phone digits, then Enter',
  'users.filter.agent': 'Filter by agent flag',
  'users.filter.agent.all': 'Agents and others',
  'users.filter.agent.agents': 'Agents only',
  'users.filter.agent.others': 'Not agents',
  'users.sort.label': 'Order',
  'users.sort.newest': 'Newest first',
  'users.sort.oldest': 'Oldest first',
  'users.sort.usernameAsc': 'Username A–Z',
  'users.sort.usernameDesc': 'Username Z–A',
  'users.selection.count': '{count, plural, one {# user selected} other {# users selected}}',
  'users.selection.clear': 'Clear selection',

  'users.manage.more': 'More actions for {username}',
  'users.manage.save': 'Save',
  'users.manage.edit.aria': 'Edit {username}',
  'users.manage.edit.title': 'Edit {username}',
  'users.manage.edit.done': '{username} saved',
  'users.manage.edit.failed': 'The user could not be saved: {message}',
  'users.manage.edit.lastAdmin':
    'The team must keep at least one active administrator. Make someone else an administrator first.',
  'users.manage.avatar.upload': 'Upload avatar',
  'users.manage.avatar.remove': 'Remove avatar',
  'users.manage.password.action': 'Reset password',
  'users.manage.password.title': 'New password for {username}',
  'users.manage.password.new': 'New password',
  'users.manage.password.hint': 'They are signed out everywhere and sign in again with this password.',
  'users.manage.password.submit': 'Set password',
  'users.manage.password.done': 'Password changed',
  'users.manage.password.failed': 'The password could not be changed: {message}',
  'users.manage.delete.action': 'Delete',
  'users.manage.delete.self': 'You cannot delete yourself',
  'users.manage.delete.title': 'Delete {username}?',
  'users.manage.delete.content':
    'Their account, sessions, balance and ledger are deleted for good. Their robots are kept and go to the user you choose.',
  'users.manage.delete.robotsTo': 'Their robots go to',
  'users.manage.delete.robotsToMe': 'Me ({name})',
  'users.manage.delete.noUser': 'No user matches',
  'users.manage.delete.submit': 'Delete',
  'users.manage.delete.done':
    '{count, plural, =0 {User deleted} one {User deleted; # robot moved} other {User deleted; # robots moved}}',
  'users.manage.delete.failed': 'The user could not be deleted: {message}',

  'users.clone.open': 'Clone robots to these users',
  'users.clone.title': '{count, plural, one {Clone robots to # user} other {Clone robots to # users}}',
  'users.clone.content': 'Each user gets their own copy of each robot: settings, knowledge bound and flow.',
  'users.clone.pick': 'Choose robots',
  'users.clone.noRobot': 'No robot matches',
  'users.clone.submit': 'Clone',
  'users.clone.close': 'Close',
  'users.clone.queued':
    'Task queued: {robots, plural, one {# robot} other {# robots}} for {users, plural, one {# user} other {# users}}',
  'users.clone.taskList': 'Follow it in the task list',
  'users.clone.failed': 'The robots could not be cloned: {message}',
};
