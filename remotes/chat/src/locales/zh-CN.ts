import type { Catalog } from '@flotilla/shared';

/** 聊天模块的中文文案（id → ICU 消息）。每个 id 在 en-US.ts 中也有。 */
const zhCN: Catalog = {
  'chat.title': '在线客服',
  'chat.loading': '正在加载对话…',
  'chat.messages.label': '对话',
  'chat.welcome.default': '你好！我是{name}，有什么可以帮你？',
  'chat.suggested.title': '你可以问我',
  'chat.poweredBy': '由 Flotilla 提供支持',
  'chat.notFound.title': '该对话链接不存在或已停用',
  'chat.notFound.description': '请检查链接是否正确，或向分享者索取新的链接。',
  'chat.failed.title': '无法连接',
  'chat.failed.description': '对话加载失败，请检查网络连接后重试。',
  'chat.retry': '重试',
  'chat.pageNotFound.title': '页面不存在',
  'chat.pageNotFound.description': '请使用收到的链接打开对话。',
  'chat.locale.label': '语言',
  'chat.locale.zh': '中文',
  'chat.locale.en': 'EN',
  'chat.locale.zhName': '中文',
  'chat.locale.enName': '英文',
};

export default zhCN;
