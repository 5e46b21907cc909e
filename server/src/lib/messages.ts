import type { ErrorCode, Locale } from '@flotilla/shared/contracts';

/**
 * The server's few user-visible texts, keyed by error code (plus a few more precise keys).
 * zh-CN is the product default; en-US for any other Accept-Language.
 */
const MESSAGES = {
  BAD_REQUEST: { 'zh-CN': '请求无效', 'en-US': 'Bad request' },
  VALIDATION_FAILED: { 'zh-CN': '参数校验失败', 'en-US': 'Validation failed' },
  JSON_TOO_DEEP: { 'zh-CN': 'JSON 嵌套层级过深', 'en-US': 'The JSON is nested too deeply' },
  UNAUTHENTICATED: { 'zh-CN': '登录已失效，请重新登录', 'en-US': 'Your access has expired, please log in again' },
  LOGIN_FAILED: { 'zh-CN': '用户名或密码错误', 'en-US': 'Wrong username or password' },
  LOGIN_THROTTLED: {
    'zh-CN': '登录失败次数过多，请稍后再试',
    'en-US': 'Too many failed logins, please try again later',
  },
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
  INVALID_ORIGIN: {
    'zh-CN': '来源格式应如 https://www.example.com，不带路径或账号',
    'en-US': 'An origin looks like https://www.example.com, without a path or credentials',
  },
  INSUFFICIENT_CREDITS: {
    'zh-CN': '机器人额度已用完，请联系管理员充值',
    'en-US': "This robot's credits are used up; please ask its administrator to recharge",
  },
  PROVIDER_ERROR: { 'zh-CN': '模型服务出错，请稍后再试', 'en-US': 'The model service failed, please try again later' },
  PROVIDER_TIMEOUT: {
    'zh-CN': '模型服务响应超时，请稍后再试',
    'en-US': 'The model service timed out, please try again later',
  },
  FLOW_NODE_FAILED: {
    'zh-CN': '机器人流程执行出错，请稍后再试',
    'en-US': "The robot's flow failed, please try again later",
  },
  FLOW_INVALID: { 'zh-CN': '流程无法运行', 'en-US': 'This flow cannot run' },
  FLOW_NOT_FOUND: { 'zh-CN': '该机器人没有流程', 'en-US': 'This robot has no flow' },
  FLOW_VERSION_NOT_FOUND: { 'zh-CN': '流程版本不存在', 'en-US': 'Flow version not found' },
  UPLOAD_TOO_LARGE: { 'zh-CN': '文件过大', 'en-US': 'The file is too large' },
  UNSUPPORTED_FILE_TYPE: { 'zh-CN': '不支持的文件类型', 'en-US': 'This file type is not supported' },
  USERNAME_TAKEN: { 'zh-CN': '用户名已被占用', 'en-US': 'This username is taken' },
  TENANT_EXISTS: { 'zh-CN': '租户名称已存在', 'en-US': 'A tenant with this name exists' },
  CONFLICT: { 'zh-CN': '数据冲突', 'en-US': 'Conflict' },
  RATE_LIMITED: { 'zh-CN': '请求过于频繁，请稍后再试', 'en-US': 'Too many requests, please try again later' },
  IMPORT_FAILED: { 'zh-CN': '导入失败', 'en-US': 'Import failed' },
  DATABASE_ERROR: { 'zh-CN': '数据库错误', 'en-US': 'Database error' },
  INTERNAL: { 'zh-CN': '服务器内部错误', 'en-US': 'Internal server error' },
  URL_INVALID: { 'zh-CN': '网址格式不正确', 'en-US': 'This is not a valid web address' },
  URL_NOT_ALLOWED: {
    'zh-CN': '只能访问 http 或 https 网址，且网址中不能包含账号密码',
    'en-US': 'Only http and https addresses without a username or password can be read',
  },
  ADDRESS_NOT_ALLOWED: {
    'zh-CN': '该网址指向内部或保留地址，不允许访问',
    'en-US': 'This address leads to an internal or reserved network and cannot be read',
  },
  DNS_FAILED: { 'zh-CN': '无法解析该网址的域名', 'en-US': 'The domain name of this address could not be found' },
  TOO_MANY_REDIRECTS: { 'zh-CN': '网页重定向次数过多', 'en-US': 'The page redirected too many times' },
  FETCH_TIMEOUT: { 'zh-CN': '网页响应超时', 'en-US': 'The page took too long to answer' },
  FETCH_TOO_LARGE: { 'zh-CN': '网页内容过大', 'en-US': 'The page is too large' },
  HTTP_FAILED: {
    'zh-CN': '无法连接该网址，或对方返回了错误',
    'en-US': 'The site could not be reached or answered with an error',
  },
  UNSUPPORTED_CONTENT: {
    'zh-CN': '该网页内容不是文字（如图片、PDF 或二进制文件），无法读取',
    'en-US': 'The page is not text (an image, a PDF or a binary file) and cannot be read',
  },
  SCENE_NOT_FOUND: { 'zh-CN': '该机器人不是业务场景机器人', 'en-US': 'This robot was not built from a business scene' },
  SCENE_TEMPLATE_NOT_FOUND: { 'zh-CN': '场景模板不存在', 'en-US': 'Scene template not found' },
  // Keys more precise than a code.
  CANNOT_FREEZE_SELF: { 'zh-CN': '不能冻结自己的账号', 'en-US': 'You cannot freeze your own account' },
  PLATFORM_OWNER_ONLY: { 'zh-CN': '仅平台所有者可以创建租户', 'en-US': 'Only the platform owner can create tenants' },
  BODY_TOO_LARGE: { 'zh-CN': '请求内容过大', 'en-US': 'The request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { 'zh-CN': '不支持的内容类型', 'en-US': 'Unsupported content type' },
  INVALID_JSON: { 'zh-CN': 'JSON 格式错误', 'en-US': 'Invalid JSON' },
  TAG_EXISTS: { 'zh-CN': '标签名称已存在', 'en-US': 'A tag with this name exists' },
  TAG_NOT_FOUND: { 'zh-CN': '标签不存在', 'en-US': 'Tag not found' },
  CHAT_TARGET_REQUIRED: {
    'zh-CN': '需要 shareId 或 processId 之一',
    'en-US': 'Give exactly one of shareId and processId',
  },
  VISITOR_ID_REQUIRED: { 'zh-CN': '缺少访客标识', 'en-US': 'A visitor id is required' },
  NOT_YOUR_CHAT: { 'zh-CN': '只能访问自己的会话', 'en-US': 'You can only reach your own chats' },
  UNKNOWN_MODEL: { 'zh-CN': '模型不可用', 'en-US': 'This model is not available' },
  UNKNOWN_VOICE: { 'zh-CN': '该朗读音色不可用', 'en-US': 'This reading voice is not available' },
  TTS_NOT_CONFIGURED: { 'zh-CN': '未配置语音朗读服务', 'en-US': 'No text-to-speech service is configured' },
  // Said after an answer of the built-in provider, which reads no image or file.
  ATTACHMENTS_NOT_READ: {
    'zh-CN': '（我无法查看附件中的图片或文件，请用文字描述您的问题。）',
    'en-US': '(I cannot look at attached images or files; please describe your question in words.)',
  },
  // What a robot says when it cannot read its databases (never why: no SQL, table or driver text).
  DATABASE_LOOKUP_UNAVAILABLE: {
    'zh-CN': '抱歉，我现在查不了这个信息，请稍后再试。',
    'en-US': "Sorry, I can't look that up right now. Please try again later.",
  },
  // Knowledge ingestion: reasons a file or a job failed (stored as codes, localised when read).
  UNKNOWN_EMBEDDING_MODEL: { 'zh-CN': '向量模型不存在', 'en-US': 'Unknown embedding model' },
  CATALOGUE_CYCLE: {
    'zh-CN': '不能把目录移动到它自己或它的子目录下',
    'en-US': 'A folder cannot move into itself or one of its subfolders',
  },
  SEGMENT_NOT_QA: {
    'zh-CN': '只有问答对才有问题和答案可改',
    'en-US': 'Only a QA pair has a question and an answer to edit',
  },
  FILE_BUSY: { 'zh-CN': '文件正在解析中，请稍后再试', 'en-US': 'This file is being parsed; try again when it is done' },
  TASK_NOT_CANCELLABLE: {
    'zh-CN': '只能取消排队中或运行中的任务',
    'en-US': 'Only a queued or running task can be cancelled',
  },
  TASK_NOT_RETRYABLE: {
    'zh-CN': '只能重试失败或已取消的任务',
    'en-US': 'Only a failed or cancelled task can be retried',
  },
  SEPARATORS_INVALID: {
    'zh-CN': '分隔符应为 JSON 字符串数组（最多 10 个，每个 1–10 个字符）',
    'en-US': 'Separators must be a JSON array of at most 10 strings of 1–10 characters',
  },
  FILE_EMPTY: { 'zh-CN': '文件中没有文字内容', 'en-US': 'The file contains no text' },
  FILE_ENCRYPTED: {
    'zh-CN': '文件已加密，请去掉密码后重新上传',
    'en-US': 'The file is password-protected; remove the password and upload it again',
  },
  FILE_OFFICE_PROTECTED: {
    'zh-CN': '文件已加密或是旧版 Office 格式，请另存为未加密的 docx/xlsx 后重新上传',
    'en-US':
      'The file is password-protected or in an old Office format; save it unprotected as docx/xlsx and upload it again',
  },
  FILE_CORRUPT: { 'zh-CN': '文件已损坏，无法读取', 'en-US': 'The file is damaged and cannot be read' },
  FILE_TOO_COMPLEX: {
    'zh-CN': '文件解压后过大、内容过多或读取超时，超出了服务器的解析限制，请拆分成较小的文件后重新上传',
    'en-US':
      'The file expands to more than the server reads, has too many parts, or took too long to read; split it into smaller files and upload them',
  },
  FILE_PARSE_CRASHED: {
    'zh-CN': '读取此文件时解析程序崩溃，已停止自动重试；请重新保存或拆分文件后再上传',
    'en-US':
      'Reading this file crashed the parser, so it is not retried by itself; save it again or split it, then upload it again',
  },
  FILE_UNSUPPORTED: {
    'zh-CN': '文件内容与类型不符或不受支持（支持 txt、md、html、pdf、docx、csv、xlsx）',
    'en-US': 'The content is not what its name says or is not supported (txt, md, html, pdf, docx, csv, xlsx)',
  },
  FILE_NOT_UTF8: {
    'zh-CN': '文本文件不是 UTF-8 编码，请另存为 UTF-8 后重新上传',
    'en-US': 'The text file is not UTF-8; save it as UTF-8 and upload it again',
  },
  FILE_ORIGINAL_MISSING: {
    'zh-CN': '原始文件已丢失，请重新上传',
    'en-US': 'The original file is missing; upload it again',
  },
  QA_COLUMNS_MISSING: {
    'zh-CN': '需要问题和答案两列（表头 question/answer 或 问题/答案，否则取前两列）',
    'en-US':
      'Two columns are needed: question and answer (headers question/answer or 问题/答案, else the first two columns)',
  },
  QA_NO_VALID_ROWS: {
    'zh-CN': '没有可导入的问答对：以下行的问题或答案为空：',
    'en-US': 'Nothing imported: these rows have an empty question or answer:',
  },
  QA_ROWS_SKIPPED: {
    'zh-CN': '以下行的问题或答案为空，已跳过：',
    'en-US': 'These rows have an empty question or answer and were skipped:',
  },
  TASK_CANCELLED: { 'zh-CN': '任务已取消', 'en-US': 'The task was cancelled' },
  JOB_INTERRUPTED: {
    'zh-CN': '服务器在任务运行时多次停止，任务已失败，可重试',
    'en-US': 'The server stopped while this task ran, several times; retry it',
  },
  JOB_FAILED: { 'zh-CN': '任务执行出错，可重试', 'en-US': 'The task failed; retry it' },
  EMBEDDING_FAILED: { 'zh-CN': '向量模型服务出错，请稍后重试', 'en-US': 'The embedding service failed; retry later' },
  // Why a business scene's form was refused (422 at `['body', 'values', field]`).
  SCENE_VALUE_REQUIRED: { 'zh-CN': '请填写此项', 'en-US': 'This field is required' },
  SCENE_VALUE_WRONG_KIND: {
    'zh-CN': '此项的值类型不对（文字或知识库列表）',
    'en-US': 'This field takes another kind of value (text or a list of datasets)',
  },
  SCENE_VALUE_TOO_LONG: { 'zh-CN': '此项内容过长', 'en-US': 'This field is too long' },
  SCENE_VALUE_NOT_PRICE: {
    'zh-CN': '请填写金额，例如 99 或 12.50（最多两位小数）',
    'en-US': 'Enter an amount such as 99 or 12.50 (at most two decimals)',
  },
  SCENE_VALUE_UNKNOWN: { 'zh-CN': '模板没有此项', 'en-US': 'The template has no such field' },
  SCENE_VALUE_UNUSABLE: {
    'zh-CN': '此项内容无法用于流程（例如引用了不存在的变量）',
    'en-US': 'The flow cannot use this text (for example, it names a variable that does not exist)',
  },
  DATABASE_NOT_FOUND: { 'zh-CN': '数据库不存在', 'en-US': 'Database not found' },
  DATABASE_FIELD_REQUIRED: {
    'zh-CN': '外部数据库需要填写主机、端口、数据库名和用户名',
    'en-US': 'An external database needs a host, a port, a database name and a user',
  },
  DATABASE_EXTERNAL_ADMINS_ONLY: {
    'zh-CN': '只有管理员可以连接外部数据库',
    'en-US': 'Only admins may connect external databases',
  },
  // Tables, rows and imports of a database.
  DATABASE_TABLE_NOT_FOUND: { 'zh-CN': '数据表不存在', 'en-US': 'Table not found' },
  DATABASE_TABLE_GONE: {
    'zh-CN': '此数据表已不在数据库中（已被删除或改名）',
    'en-US': 'This table is no longer in the database (dropped or renamed)',
  },
  DATABASE_ROW_NOT_FOUND: { 'zh-CN': '数据行不存在', 'en-US': 'Row not found' },
  DATABASE_READ_ONLY: {
    'zh-CN': '外部数据库只读：只能在内置数据库中导入或编辑数据',
    'en-US': 'External databases are read-only: only built-in databases take imports and row edits',
  },
  DATABASE_QUERY_FAILED: { 'zh-CN': '数据库查询失败', 'en-US': 'The database query failed' },
  DASHBOARD_RANGE_INVALID: {
    'zh-CN': '日期范围无效：请选择存在的日期，且结束日期不早于开始日期',
    'en-US': 'Invalid date range: choose real days, the end no earlier than the start',
  },
  DASHBOARD_RANGE_TOO_LONG: { 'zh-CN': '日期范围最长 366 天', 'en-US': 'The date range can be 366 days at most' },
  CREDIT_PACKAGE_NOT_FOUND: { 'zh-CN': '充值套餐不存在', 'en-US': 'Credit package not found' },
  CREDIT_PACKAGES_FULL: {
    'zh-CN': '充值套餐数量已达上限（50 个）',
    'en-US': 'There are already 50 credit packages, the most allowed',
  },
  CREDITS_BELOW_ZERO: { 'zh-CN': '调整后余额不能小于 0', 'en-US': 'The balance cannot go below zero' },
  CREDITS_BALANCE_FULL: {
    'zh-CN': '余额不能超过 1,000,000,000 积分',
    'en-US': 'A balance cannot go above 1,000,000,000 credits',
  },
  RECHARGE_AMOUNT_OR_PACKAGE: {
    'zh-CN': '请填写充值额度或选择套餐（二选一）',
    'en-US': 'Give either an amount or a package, not both',
  },
  ADJUSTMENT_ZERO: { 'zh-CN': '调整额度不能为 0', 'en-US': 'An adjustment cannot be zero' },
  LEDGER_DATE_INVALID: { 'zh-CN': '日期无效', 'en-US': 'Invalid date' },
  REFERRAL_CODE_INVALID: {
    'zh-CN': '邀请码无效或已失效',
    'en-US': 'This invitation code is not valid (any more)',
  },
  REFERRAL_CLOSED: { 'zh-CN': '邀请注册已关闭', 'en-US': 'Registering by invitation is closed' },
  REFERRAL_SELF: {
    'zh-CN': '不能使用自己的邀请码注册',
    'en-US': 'You cannot register with your own invitation code',
  },
  PHONE_TAKEN: { 'zh-CN': '该手机号已注册', 'en-US': 'This phone number is already registered' },
  DATABASE_QUERY_TIMEOUT: { 'zh-CN': '数据库查询超时', 'en-US': 'The database query took too long' },
  DATABASE_UNREACHABLE: { 'zh-CN': '无法连接数据库', 'en-US': 'The database cannot be reached' },
  // Why an external database could not be read, by its connection code (`reason` of the 502).
  DATABASE_UNREACHABLE_AUTH_FAILED: {
    'zh-CN': '无法连接数据库：用户名或密码被拒绝',
    'en-US': 'The database cannot be reached: the user or password was refused',
  },
  DATABASE_UNREACHABLE_HOST_UNREACHABLE: {
    'zh-CN': '无法连接数据库：该主机和端口没有响应',
    'en-US': 'The database cannot be reached: nothing answers at its host and port',
  },
  DATABASE_UNREACHABLE_TIMEOUT: {
    'zh-CN': '无法连接数据库：连接超时',
    'en-US': 'The database cannot be reached: the connection timed out',
  },
  DATABASE_UNREACHABLE_DATABASE_NOT_FOUND: {
    'zh-CN': '无法连接数据库：服务器上没有这个数据库',
    'en-US': 'The database cannot be reached: the server has no database of this name',
  },
  DATABASE_UNREACHABLE_ADDRESS_NOT_ALLOWED: {
    'zh-CN': '无法连接数据库：该主机地址不允许用于数据库（链路本地、云元数据或组播）',
    'en-US':
      'The database cannot be reached: its host address may not be used (link-local, cloud metadata or multicast)',
  },
  DATABASE_UNREACHABLE_DNS_FAILED: {
    'zh-CN': '无法连接数据库：主机名无法解析',
    'en-US': 'The database cannot be reached: its host name does not resolve',
  },
  DATABASE_UNREACHABLE_CONNECTION_FAILED: {
    'zh-CN': '无法连接数据库：连接失败',
    'en-US': 'The database cannot be reached: the connection failed',
  },
  DATABASE_BUSY: {
    'zh-CN': '数据库正被另一项写入占用，请稍后再试',
    'en-US': 'Another write is using the database; try again shortly',
  },
  DATABASE_ROW_CONFLICT: {
    'zh-CN': '该值与其他行重复或不满足表的约束',
    'en-US': 'A value repeats another row or breaks a rule of the table',
  },
  DATABASE_COLUMN_NOT_FOUND: { 'zh-CN': '数据表没有此列', 'en-US': 'The table has no such column' },
  DATABASE_TABLE_NAME_INVALID: {
    'zh-CN': '表名不能包含 $ 或以 sqlite_ 开头',
    'en-US': 'A table name may not contain $ or start with sqlite_',
  },
  IMPORT_COLUMNS_INVALID: {
    'zh-CN': '列类型应为 [{"name","type"}] 格式的 JSON',
    'en-US': 'Column types are JSON of [{"name", "type"}]',
  },
  IMPORT_HEADER_EMPTY: { 'zh-CN': '表头此列没有名称', 'en-US': 'This column has no name in the header row' },
  IMPORT_HEADER_INVALID: {
    'zh-CN': '列名过长（最多 64 个字符）或含控制字符',
    'en-US': 'The column name is too long (64 characters at most) or has control characters',
  },
  IMPORT_HEADER_RESERVED: {
    'zh-CN': '列名不能包含 $、以 sqlite_ 开头或为 rowid、oid、_rowid_',
    'en-US': 'A column name may not contain $, start with sqlite_, or be rowid, oid or _rowid_',
  },
  IMPORT_HEADER_DUPLICATE: { 'zh-CN': '列名重复', 'en-US': 'This column name appears twice' },
  IMPORT_TOO_MANY_COLUMNS: { 'zh-CN': '列数过多（最多 200 列）', 'en-US': 'Too many columns (200 at most)' },
  IMPORT_NOT_INTEGER: { 'zh-CN': '不是整数', 'en-US': 'Not an integer' },
  IMPORT_NOT_NUMBER: { 'zh-CN': '不是数字', 'en-US': 'Not a number' },
  IMPORT_NOT_BOOLEAN: {
    'zh-CN': '不是布尔值（true/false、是/否、yes/no）',
    'en-US': 'Not a boolean (true/false, yes/no, 是/否)',
  },
  IMPORT_NOT_DATE: { 'zh-CN': '不是日期（YYYY-MM-DD）', 'en-US': 'Not a date (YYYY-MM-DD)' },
  IMPORT_NOT_TEXT: { 'zh-CN': '不是文字', 'en-US': 'Not text' },
  IMPORT_TEXT_TOO_LONG: { 'zh-CN': '内容过长（最多 10000 个字符）', 'en-US': 'Too long (10,000 characters at most)' },
  // Users from a spreadsheet (routes/users/import.ts): the file, then each row's problems.
  IMPORT_TOO_MANY_ROWS: {
    'zh-CN': '表格行数超过上限：一次最多导入 10000 个用户',
    'en-US': 'The sheet has too many rows: an import takes 10,000 users at most',
  },
  USERS_IMPORT_EMPTY: { 'zh-CN': '表格中表头行下没有用户', 'en-US': 'The sheet has no users below its header row' },
  USERS_IMPORT_COLUMNS_MISSING: {
    'zh-CN': '表头缺少必需的列：用户名、手机号、密码、角色',
    'en-US': 'The header row lacks a required column: username, phone, password and role are needed',
  },
  USERS_IMPORT_COLUMN_TWICE: {
    'zh-CN': '表头中有两列表示同一字段',
    'en-US': 'Two columns of the header row name the same field',
  },
  USERS_IMPORT_ROWS_INVALID: {
    'zh-CN': '有用户无法导入（用户名或手机号已被占用），未导入任何用户，行：',
    'en-US': 'Users could not be imported (a username or phone was taken meanwhile); nobody was imported. Rows:',
  },
  USERS_IMPORT_USERNAME_MISSING: { 'zh-CN': '缺少用户名', 'en-US': 'The username is missing' },
  USERS_IMPORT_USERNAME_INVALID: {
    'zh-CN': '用户名须为 3–64 个字母、数字或 _ . @ -',
    'en-US': 'A username is 3–64 letters, digits or _ . @ -',
  },
  USERS_IMPORT_USERNAME_REPEATED: { 'zh-CN': '用户名与此行重复：', 'en-US': 'The same username as row' },
  USERS_IMPORT_USERNAME_TAKEN: { 'zh-CN': '用户名已存在', 'en-US': 'This username is already taken' },
  USERS_IMPORT_NICKNAME_TOO_LONG: {
    'zh-CN': '昵称超过 64 个字符',
    'en-US': 'The nickname is longer than 64 characters',
  },
  USERS_IMPORT_PHONE_MISSING: { 'zh-CN': '缺少手机号', 'en-US': 'The phone is missing' },
  USERS_IMPORT_PHONE_INVALID: {
    'zh-CN': '手机号无效（5–20 位数字，可带 +、空格或 -）',
    'en-US': 'Not a phone number (5–20 digits, with an optional +, spaces or dashes)',
  },
  USERS_IMPORT_PHONE_REPEATED: { 'zh-CN': '手机号与此行重复：', 'en-US': 'The same phone as row' },
  USERS_IMPORT_PHONE_TAKEN: { 'zh-CN': '该手机号已有用户', 'en-US': 'A user already has this phone' },
  USERS_IMPORT_PASSWORD_WEAK: {
    'zh-CN': '密码缺失或少于 8 个字符',
    'en-US': 'The password is missing or shorter than 8 characters',
  },
  USERS_IMPORT_PASSWORD_TOO_LONG: {
    'zh-CN': '密码超过 256 个字符',
    'en-US': 'The password is longer than 256 characters',
  },
  USERS_IMPORT_ROLE_UNKNOWN: {
    'zh-CN': '角色无效（管理员、运营或客服）',
    'en-US': 'Unknown role (admin, operator or agent)',
  },
  USERS_IMPORT_AGENT_INVALID: {
    'zh-CN': '是否客服须为 是/否（或 yes/no、true/false、1/0）',
    'en-US': 'The agent flag is yes/no, true/false, 1/0 or 是/否',
  },
  USERS_EXPORT_TOO_MANY: {
    'zh-CN': '符合条件的用户超过 50000 个，请缩小筛选范围后再导出',
    'en-US': 'More than 50,000 users match; narrow the filters to export them',
  },
  IMPORT_FORMULA_NO_RESULT: {
    'zh-CN': '公式没有保存的计算结果：请在表格软件中重新计算并保存后再导入',
    'en-US': 'The formula has no saved result: recalculate and save the sheet, then import it again',
  },
  IMPORT_CELL_ERROR: { 'zh-CN': '单元格是错误值（如 #N/A）', 'en-US': 'The cell holds an error value (such as #N/A)' },
  IMPORT_MORE_ERRORS: { 'zh-CN': '有问题的行共计：', 'en-US': 'Rows with problems in all:' },
  IMPORT_ROWS_INVALID: {
    'zh-CN': '有数据行不符合列类型，未导入任何数据：',
    'en-US': 'Rows did not fit their columns; nothing was imported:',
  },
  // Added to the name of a copied robot, in the language of the console that copied it.
  ROBOT_COPY_SUFFIX: { 'zh-CN': '（副本）', 'en-US': ' (copy)' },
  LAST_ADMIN: {
    'zh-CN': '租户至少需要保留一名未冻结的管理员',
    'en-US': 'The tenant must keep at least one active administrator',
  },
  CANNOT_DELETE_SELF: { 'zh-CN': '不能删除自己的账号', 'en-US': 'You cannot delete your own account' },
  PLATFORM_OWNER_KEPT: {
    'zh-CN': '平台所有者的账号只有本人能改：不能被删除、冻结、取消管理员身份或由他人重置密码',
    'en-US':
      "Only the platform owner changes the platform owner's account: it cannot be deleted, frozen, demoted or have its password reset by another administrator",
  },
  ROBOTS_TO_DELETED_USER: {
    'zh-CN': '机器人不能转给被删除的用户',
    'en-US': 'The robots cannot go to the user being deleted',
  },
  CLONES_SKIPPED: {
    'zh-CN': '部分复制已跳过（机器人或用户已被删除）：',
    'en-US': 'Some copies were skipped (robot or user deleted):',
  },
  // What a new robot says before its operator writes its own, in the language of the console that created it.
  NEW_ROBOT_FALLBACK_REPLY: { 'zh-CN': '抱歉，我暂时无法回答这个问题。', 'en-US': "Sorry, I can't answer that yet." },
  // Case files and file reports (routes/cases/files.ts).
  CASE_FILE_NOT_FOUND: { 'zh-CN': '案例文件不存在', 'en-US': 'Case file not found' },
  CASE_FILE_REPORT_NOT_FOUND: { 'zh-CN': '文件报告不存在', 'en-US': 'File report not found' },
  CASE_FILE_IN_USE: {
    'zh-CN': '该文件正在分析中：请先在任务列表取消分析，再删除文件',
    'en-US': 'The file is being analysed: cancel the analysis in the task list, then delete the file',
  },
  CASE_FILE_UNREADABLE: {
    'zh-CN': '无法读取文件：请上传 xlsx、UTF-8 编码的 csv 或 JSON 数组',
    'en-US': 'The file cannot be read: upload an xlsx, a UTF-8 csv or a JSON array',
  },
  CASE_FILE_EMPTY: { 'zh-CN': '文件中没有问题', 'en-US': 'The file holds no questions' },
  CASE_FILE_COLUMNS_MISSING: {
    'zh-CN': '缺少“问题”列（question/问题）',
    'en-US': 'The file has no question column (question/问题)',
  },
  CASE_FILE_TOO_MANY_ROWS: { 'zh-CN': '问题行数超过上限', 'en-US': 'The file holds more questions than allowed' },
  CASE_FILE_CELL_TOO_LONG: { 'zh-CN': '该行有内容过长', 'en-US': 'A cell of this row is too long' },
  CASE_FILE_ANALYSIS_TARGET: {
    'zh-CN': '请给出 fileId 或 id 之一',
    'en-US': 'Give exactly one of fileId and id',
  },
  CASE_FILE_FORMULA: {
    'zh-CN': '该行有公式没有保存的结果：请重新计算并保存后再上传',
    'en-US': 'A formula of this row has no saved result: recalculate and save the sheet, then upload it again',
  },
  // Cases and case forms (routes/cases/index.ts, routes/cases/case-forms.ts).
  CASE_FORM_DUPLICATE_FIELD: {
    'zh-CN': '表单字段名称重复',
    'en-US': 'Two fields of the form have the same name',
  },
  CASE_SESSION_HAS_CASE: {
    'zh-CN': '该会话已有案例',
    'en-US': 'This conversation has a case already',
  },
  CASE_ASSIGNEE_INVALID: {
    'zh-CN': '只能把案例指派给本租户未冻结的用户',
    'en-US': 'A case can only be given to an active user of this tenant',
  },
  // Case teams, the phone whitelist and orders.
  CASE_TEAM_NOT_FOUND: { 'zh-CN': '团队不存在', 'en-US': 'Team not found' },
  CASE_TEAM_NAME_TAKEN: { 'zh-CN': '已有同名团队', 'en-US': 'A team of this name exists already' },
  CASE_TEAM_MEMBER_INVALID: {
    'zh-CN': '成员须为本租户未冻结的用户',
    'en-US': 'Members must be unfrozen users of this tenant',
  },
  CASE_SALE_PHONE_NOT_FOUND: { 'zh-CN': '白名单中没有该手机号', 'en-US': 'This phone is not on the whitelist' },
  CASE_SALE_PHONE_TAKEN: { 'zh-CN': '该手机号已在白名单中', 'en-US': 'This phone is on the whitelist already' },
  CASE_SALE_PHONES_FULL: { 'zh-CN': '白名单已满', 'en-US': 'The whitelist is full' },
  CASE_SALE_PHONE_INVALID: {
    'zh-CN': '手机号应有 5 到 20 位数字',
    'en-US': 'A phone number has 5 to 20 digits',
  },
  CASE_ORDER_NOT_FOUND: { 'zh-CN': '订单不存在', 'en-US': 'Order not found' },
  CASE_ORDER_STATUS_MOVE: {
    'zh-CN': '订单不能改为该状态',
    'en-US': 'The order cannot move to this status',
  },
  // Comparisons of robots and API secret usage.
  COMPARISON_NOT_FOUND: { 'zh-CN': '对比评测不存在', 'en-US': 'Comparison not found' },
  COMPARISON_RUNNING: {
    'zh-CN': '对比评测正在进行，结束后才能重新运行',
    'en-US': 'The comparison is still running; restart it once it has ended',
  },
  COMPARISON_QUESTIONS_OR_FILE: {
    'zh-CN': '请给出问题列表或案例文件（二选一）',
    'en-US': 'Give either a list of questions or a case file, not both',
  },
  COMPARISON_FILE_NO_QUESTIONS: {
    'zh-CN': '该案例文件中没有问题',
    'en-US': 'The case file holds no questions',
  },
  COMPARISON_TOO_MANY_QUESTIONS: {
    'zh-CN': '问题太多：一次对比评测最多 500 个问题',
    'en-US': 'Too many questions: a comparison takes at most 500',
  },
  KEY_SECRET_REQUIRED: {
    'zh-CN': '请给出 API 密钥的 secretId',
    'en-US': 'Give the secretId of the API secret',
  },
  KEY_SECRET_MISMATCH: {
    'zh-CN': 'secretId 与所用的 API 密钥不一致',
    'en-US': 'The secretId is not the API secret the call is made with',
  },
  KEY_REPORT_TARGET: {
    'zh-CN': '请给出 secretId 或 processId（二选一）',
    'en-US': 'Give either a secretId or a processId',
  },
  KEY_REPORT_RANGE: {
    'zh-CN': '日期范围无效：开始不能晚于结束，且最多 366 天',
    'en-US': 'Invalid date range: the start must not be after the end, and it covers at most 366 days',
  },
  // SMS codes.
  SMS_THROTTLED: {
    'zh-CN': '验证码发送过于频繁，请稍后再试',
    'en-US': 'Too many codes asked for; try again later',
  },
  SMS_CODE_INVALID: {
    'zh-CN': '验证码错误或已失效',
    'en-US': 'Wrong or expired code',
  },
  SMS_PHONE_SHARED: {
    'zh-CN': '该手机号属于多个账号，请用用户名和密码登录',
    'en-US': 'This phone belongs to several accounts; log in with your username and password',
  },
  SMS_SEND_FAILED: {
    'zh-CN': '短信发送失败，请稍后再试',
    'en-US': 'The text message could not be sent; try again later',
  },
  SMS_TRIES_THROTTLED: {
    'zh-CN': '验证码错误次数过多，请稍后再试',
    'en-US': 'Too many wrong codes from this network; try again later',
  },
  SMS_CODE_REQUIRED: {
    'zh-CN': '请输入发送到该手机号的验证码',
    'en-US': 'Enter the code sent to this phone',
  },
  // Single sign-on (OpenID Connect).
  SSO_THROTTLED: {
    'zh-CN': '登录请求过于频繁，请稍后再试',
    'en-US': 'Too many sign-in requests; try again later',
  },
  SSO_PROVIDER_UNKNOWN: {
    'zh-CN': '该单点登录方式不存在或已停用',
    'en-US': 'This sign-in provider does not exist or is turned off',
  },
  SSO_STATE_INVALID: {
    'zh-CN': '单点登录已过期或已使用，请重新登录',
    'en-US': 'This sign-in has expired or was already used; sign in again',
  },
  SSO_EXCHANGE_FAILED: {
    'zh-CN': '无法通过身份提供方完成登录',
    'en-US': 'The sign-in could not be completed with the identity provider',
  },
  SSO_ISSUER_INVALID: {
    'zh-CN': '颁发者地址必须是 https 地址',
    'en-US': 'The issuer must be an https URL',
  },
  SSO_PROVIDERS_LIMIT: {
    'zh-CN': '单点登录提供方数量已达上限',
    'en-US': 'The tenant has as many sign-in providers as allowed',
  },
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
