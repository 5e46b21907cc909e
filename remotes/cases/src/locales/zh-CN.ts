import type { Catalog } from '@flotilla/shared';
import { zhCN as teams } from './teams/zh-CN';
import { zhCN as files } from './files/zh-CN';
import { zhCN as comparisons } from './comparisons/zh-CN';

export const zhCN: Catalog = {
  'cases.list.title': '案例',
  'cases.list.description': '机器人在对话中记录下来、需要有人跟进的事项。',
  'cases.list.search': '按标题、客户或电话搜索',
  'cases.list.statusFilter': '状态',
  'cases.list.allStatuses': '全部',
  'cases.list.total': '共 {count} 个案例',
  'cases.list.column.title': '案例',
  'cases.list.column.customer': '客户',
  'cases.list.column.robot': '机器人',
  'cases.list.column.status': '状态',
  'cases.list.column.createdAt': '创建时间',
  'cases.list.anonymous': '匿名访客',
  'cases.list.checked': '已审核',
  'cases.list.empty': '还没有案例',
  'cases.list.emptyHint': '机器人在对话中发现需要跟进的事项（线索、订单或投诉）时，会在这里创建案例。',
  'cases.list.noMatch': '没有符合筛选条件的案例',
  'cases.list.noMatchHint': '换个关键词或状态试试。',
  'cases.list.clearFilters': '清除筛选',
  'cases.list.loadFailed': '案例列表加载失败',
  'cases.status.new': '新建',
  'cases.status.assigned': '已分配',
  'cases.status.in_progress': '处理中',
  'cases.status.closed': '已关闭',
  'cases.notFound.back': '返回案例列表',
  ...teams,
  ...files,
  ...comparisons,
};
