import type { Catalog } from '@flotilla/shared';

/** en-US messages of the shell's case notification bell; every id is also in the other language's file. */
export const enUS: Catalog = {
  'shell.caseBell.label': 'Case notifications',
  'shell.caseBell.labelUnread': 'Case notifications, {count} unread',
  'shell.caseBell.empty': 'No case was given to you yet',
  'shell.caseBell.assigned': 'New case for you: {title}',
  'shell.caseBell.markAllRead': 'Mark all as read',
};
