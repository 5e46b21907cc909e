import type { Catalogs } from '../i18n';

/** Messages of the shared widgets. */
export const sharedCatalogs: Catalogs = {
  'zh-CN': {
    'shared.remote.failed': '“{name}”模块加载失败',
    'shared.remote.failedHint': '其他功能不受影响。请检查网络后重试。',
    'shared.retry': '重试',
    'shared.loading': '加载中…',
    'shared.empty': '暂无数据',
    'shared.error.title': '出错了',
    'shared.error.network': '无法连接服务器，请检查网络后重试。',
    'shared.notFound.title': '页面不存在',
    'shared.notFound.description': '该页面不存在或尚未开放。',
  },
  'en-US': {
    'shared.remote.failed': 'The "{name}" area failed to load',
    'shared.remote.failedHint': 'The rest of the console keeps working. Check the network and try again.',
    'shared.retry': 'Retry',
    'shared.loading': 'Loading…',
    'shared.empty': 'No data yet',
    'shared.error.title': 'Something went wrong',
    'shared.error.network': 'The server could not be reached. Check your connection and try again.',
    'shared.notFound.title': 'Page not found',
    'shared.notFound.description': 'This page does not exist or is not available yet.',
  },
};
