import type { Catalog } from '@flotilla/shared';

/** en-US messages of the admins' SMS outbox; every id is also in zh-CN. */
export const enUS: Catalog = {
  'users.smsOutbox.open': 'SMS outbox',
  'users.smsOutbox.title': 'SMS outbox',
  'users.smsOutbox.close': 'Close the SMS outbox',
  'users.smsOutbox.description': 'Text messages of the built-in SMS provider, newest first.',
  'users.smsOutbox.refresh': 'Refresh',
  'users.smsOutbox.phone': 'Phone',
  'users.smsOutbox.text': 'Text',
  'users.smsOutbox.time': 'Time',
  'users.smsOutbox.failed': 'The outbox could not be read',
  'users.smsOutbox.empty': 'No messages yet',
  'users.smsOutbox.emptyHint':
    'With no SMS provider configured, login and reset codes are not sent to phones: they land here, where an admin can read them and pass them on.',
};
