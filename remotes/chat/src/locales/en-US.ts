import type { Catalog } from '@flotilla/shared';

/** English messages of the chat remote (id → ICU message). Every id is also in zh-CN.ts. */
const enUS: Catalog = {
  'chat.title': 'Customer service',
  'chat.loading': 'Loading the chat…',
  'chat.messages.label': 'Conversation',
  'chat.welcome.default': 'Hello! I am {name}. How can I help you?',
  'chat.suggested.title': 'You can ask me',
  'chat.poweredBy': 'Powered by Flotilla',
  'chat.notFound.title': 'This chat link does not exist or has been disabled',
  'chat.notFound.description': 'Please check the link, or ask whoever shared it with you for a new one.',
  'chat.failed.title': 'Cannot connect',
  'chat.failed.description': 'The chat could not be loaded. Check your network connection and try again.',
  'chat.retry': 'Retry',
  'chat.pageNotFound.title': 'Page not found',
  'chat.pageNotFound.description': 'Open the chat with the link you were given.',
  'chat.locale.label': 'Language',
  'chat.locale.zh': '中文',
  'chat.locale.en': 'EN',
  'chat.locale.zhName': 'Chinese',
  'chat.locale.enName': 'English',
};

export default enUS;
