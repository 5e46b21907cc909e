import type { Catalog } from '@flotilla/shared';

/** zh-CN messages of the shell's case notification bell; every id is also in the other language's file. */
export const zhCN: Catalog = {
  'shell.caseBell.label': '案例通知',
  'shell.caseBell.labelUnread': '案例通知，{count} 条未读',
  'shell.caseBell.empty': '还没有分配给你的案例',
  'shell.caseBell.assigned': '新案例分配给你：{title}',
  'shell.caseBell.markAllRead': '全部标为已读',
};
