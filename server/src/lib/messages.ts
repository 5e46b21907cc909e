import type { ErrorCode, Locale } from '@flotilla/shared/contracts';

/**
 * The server's few user-visible texts, keyed by error code (plus a few more precise keys).
 * zh-CN is the product default; en-US for any other Accept-Language.
 */
const MESSAGES = {
  BAD_REQUEST: { 'zh-CN': '请求无效', 'en-US': 'Bad request' },
  VALIDATION_FAILED: { 'zh-CN': '参数校验失败', 'en-US': 'Validation failed' },
  UNAUTHENTICATED: { 'zh-CN': '登录已失效，请重新登录', 'en-US': 'Your access has expired, please log in again' },
  LOGIN_FAILED: { 'zh-CN': '用户名或密码错误', 'en-US': 'Wrong username or password' },
  LOGIN_THROTTLED: { 'zh-CN': '登录失败次数过多，请稍后再试', 'en-US': 'Too many failed logins, please try again later' },
  USER_FROZEN: { 'zh-CN': '账号已被冻结', 'en-US': 'This account is frozen' },
  FORBIDDEN: { 'zh-CN': '没有权限执行此操作', 'en-US': 'You are not allowed to do this' },
  NOT_FOUND: { 'zh-CN': '资源不存在', 'en-US': 'Not found' },
  ROBOT_NOT_FOUND: { 'zh-CN': '机器人不存在', 'en-US': 'Robot not found' },
  DATASET_NOT_FOUND: { 'zh-CN': '知识库不存在', 'en-US': 'Dataset not found' },
  CATALOGUE_NOT_FOUND: { 'zh-CN': '目录不存在', 'en-US': 'Folder not found' },
  FILE_NOT_FOUND: { 'zh-CN': '文件不存在', 'en-US': 'File not found' },
  SEGMENT_NOT_FOUND: { 'zh-CN': '分段不存在', 'en-US': 'Segment not found' },
  TASK_NOT_FOUND: { 'zh-CN': '任务不存在', 'en-US': 'Task not found' },
  CASE_NOT_FOUND: { 'zh-CN': '案例不存在', 'en-US': 'Case not found' },
  USER_NOT_FOUND: { 'zh-CN': '用户不存在', 'en-US': 'User not found' },
  SHARE_NOT_FOUND: { 'zh-CN': '分享不存在或已关闭', 'en-US': 'This share does not exist or is closed' },
  SESSION_NOT_FOUND: { 'zh-CN': '会话不存在', 'en-US': 'Chat session not found' },
  COMPLETION_NOT_FOUND: { 'zh-CN': '消息不存在', 'en-US': 'Message not found' },
  SECRET_NOT_FOUND: { 'zh-CN': 'API 密钥不存在', 'en-US': 'API secret not found' },
  INVALID_API_KEY: { 'zh-CN': 'API 密钥无效', 'en-US': 'Invalid API key' },
  ORIGIN_NOT_ALLOWED: { 'zh-CN': '此网站不允许使用该分享', 'en-US': 'This site may not use this share' },
  INSUFFICIENT_CREDITS: { 'zh-CN': '机器人额度已用完，请联系管理员充值', 'en-US': "This robot's credits are used up; please ask its administrator to recharge" },
  PROVIDER_ERROR: { 'zh-CN': '模型服务出错，请稍后再试', 'en-US': 'The model service failed, please try again later' },
  PROVIDER_TIMEOUT: { 'zh-CN': '模型服务响应超时，请稍后再试', 'en-US': 'The model service timed out, please try again later' },
  UPLOAD_TOO_LARGE: { 'zh-CN': '文件过大', 'en-US': 'The file is too large' },
  UNSUPPORTED_FILE_TYPE: { 'zh-CN': '不支持的文件类型', 'en-US': 'This file type is not supported' },
  USERNAME_TAKEN: { 'zh-CN': '用户名已被占用', 'en-US': 'This username is taken' },
  TENANT_EXISTS: { 'zh-CN': '租户名称已存在', 'en-US': 'A tenant with this name exists' },
  CONFLICT: { 'zh-CN': '数据冲突', 'en-US': 'Conflict' },
  RATE_LIMITED: { 'zh-CN': '请求过于频繁，请稍后再试', 'en-US': 'Too many requests, please try again later' },
  IMPORT_FAILED: { 'zh-CN': '导入失败', 'en-US': 'Import failed' },
  DATABASE_ERROR: { 'zh-CN': '数据库错误', 'en-US': 'Database error' },
  INTERNAL: { 'zh-CN': '服务器内部错误', 'en-US': 'Internal server error' },
  // Keys more precise than a code.
  CANNOT_FREEZE_SELF: { 'zh-CN': '不能冻结自己的账号', 'en-US': 'You cannot freeze your own account' },
  PLATFORM_OWNER_ONLY: { 'zh-CN': '仅平台所有者可以创建租户', 'en-US': 'Only the platform owner can create tenants' },
  BODY_TOO_LARGE: { 'zh-CN': '请求内容过大', 'en-US': 'The request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { 'zh-CN': '不支持的内容类型', 'en-US': 'Unsupported content type' },
  INVALID_JSON: { 'zh-CN': 'JSON 格式错误', 'en-US': 'Invalid JSON' },
  TAG_EXISTS: { 'zh-CN': '标签名称已存在', 'en-US': 'A tag with this name exists' },
  TAG_NOT_FOUND: { 'zh-CN': '标签不存在', 'en-US': 'Tag not found' },
  CHAT_TARGET_REQUIRED: { 'zh-CN': '需要 shareId 或 processId 之一', 'en-US': 'Give exactly one of shareId and processId' },
  VISITOR_ID_REQUIRED: { 'zh-CN': '缺少访客标识', 'en-US': 'A visitor id is required' },
  NOT_YOUR_CHAT: { 'zh-CN': '只能访问自己的会话', 'en-US': 'You can only reach your own chats' },
  UNKNOWN_MODEL: { 'zh-CN': '模型不可用', 'en-US': 'This model is not available' },
} satisfies Record<ErrorCode, unknown> & Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function message(key: MessageKey, locale: Locale): string {
  return MESSAGES[key][locale];
}

/** Accept-Language starting with zh (or absent: the product default) → zh-CN, anything else → en-US. */
export function localeOf(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage || acceptLanguage.trim() === '' || acceptLanguage.trim() === '*') return 'zh-CN';
  return /^\s*zh\b/i.test(acceptLanguage) ? 'zh-CN' : 'en-US';
}
