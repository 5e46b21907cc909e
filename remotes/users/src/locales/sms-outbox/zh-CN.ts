import type { Catalog } from '@flotilla/shared';

/** zh-CN messages of the admins' SMS outbox; every id is also in en-US. */
export const zhCN: Catalog = {
  'users.smsOutbox.open': '短信发件箱',
  'users.smsOutbox.title': '短信发件箱',
  'users.smsOutbox.close': '关闭短信发件箱',
  'users.smsOutbox.description': '内置短信服务的消息，最新的在前。',
  'users.smsOutbox.refresh': '刷新',
  'users.smsOutbox.phone': '手机号',
  'users.smsOutbox.text': '内容',
  'users.smsOutbox.time': '时间',
  'users.smsOutbox.failed': '无法读取发件箱',
  'users.smsOutbox.empty': '暂无短信',
  'users.smsOutbox.emptyHint':
    '未配置短信服务商时，登录和重置密码的验证码不会发到手机，而是保存在这里，管理员可以查看并转告用户。',
};
