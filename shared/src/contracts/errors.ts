import { Type, type Static } from '@sinclair/typebox';

/** Stable error codes the server answers with `{ code, message }`. Defined once, used by server and clients. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'LOGIN_FAILED',
  'LOGIN_THROTTLED',
  'USER_FROZEN',
  'FORBIDDEN',
  'NOT_FOUND',
  'ROBOT_NOT_FOUND',
  'DATASET_NOT_FOUND',
  'CATALOGUE_NOT_FOUND',
  'FILE_NOT_FOUND',
  'SEGMENT_NOT_FOUND',
  'TASK_NOT_FOUND',
  'CASE_NOT_FOUND',
  'USER_NOT_FOUND',
  'SHARE_NOT_FOUND',
  'SESSION_NOT_FOUND',
  'COMPLETION_NOT_FOUND',
  'SECRET_NOT_FOUND',
  'INVALID_API_KEY',
  'ORIGIN_NOT_ALLOWED',
  'INVALID_ORIGIN',
  'INSUFFICIENT_CREDITS',
  'PROVIDER_ERROR',
  'PROVIDER_TIMEOUT',
  'UPLOAD_TOO_LARGE',
  'UNSUPPORTED_FILE_TYPE',
  'USERNAME_TAKEN',
  'TENANT_EXISTS',
  'CONFLICT',
  'RATE_LIMITED',
  'IMPORT_FAILED',
  'DATABASE_ERROR',
  'INTERNAL',
  // Outbound requests to addresses users give (web reader, HTTP request nodes).
  'URL_INVALID',
  'URL_NOT_ALLOWED',
  'ADDRESS_NOT_ALLOWED',
  'DNS_FAILED',
  'TOO_MANY_REDIRECTS',
  'FETCH_TIMEOUT',
  'FETCH_TOO_LARGE',
  'HTTP_FAILED',
  'UNSUPPORTED_CONTENT',
  // Flows.
  'FLOW_NOT_FOUND',
  'FLOW_VERSION_NOT_FOUND',
  'FLOW_INVALID',
  'FLOW_NODE_FAILED',
  // Business-scene robots.
  'SCENE_NOT_FOUND',
  'SCENE_TEMPLATE_NOT_FOUND',
  // Databases robots read.
  'DATABASE_NOT_FOUND',
  'DATABASE_TABLE_NOT_FOUND',
  'DATABASE_ROW_NOT_FOUND',
  'DATABASE_READ_ONLY',
  'DATABASE_QUERY_FAILED',
  // The dashboard's date range.
  'DASHBOARD_RANGE_INVALID',
  'DASHBOARD_RANGE_TOO_LONG',
  // Credits.
  'CREDIT_PACKAGE_NOT_FOUND',
  'CREDIT_PACKAGES_FULL',
  'CREDITS_BELOW_ZERO',
  'CREDITS_BALANCE_FULL',
  // Registering with a referral code.
  'REFERRAL_CODE_INVALID',
  'REFERRAL_CLOSED',
  'REFERRAL_SELF',
  'PHONE_TAKEN',
  // Managing users.
  'LAST_ADMIN',
  'CANNOT_DELETE_SELF',
  // Case files and file reports.
  'CASE_FILE_NOT_FOUND',
  'CASE_FILE_REPORT_NOT_FOUND',
  'CASE_FILE_IN_USE',
  'CASE_FILE_UNREADABLE',
  'CASE_FILE_EMPTY',
  'CASE_FILE_COLUMNS_MISSING',
  'CASE_FILE_TOO_MANY_ROWS',
  'CASE_FILE_CELL_TOO_LONG',
  // Cases and case forms.
  'CASE_FORM_DUPLICATE_FIELD',
  'CASE_ASSIGNEE_INVALID',
  // Case teams, the phone whitelist and orders.
  'CASE_TEAM_NOT_FOUND',
  'CASE_TEAM_NAME_TAKEN',
  'CASE_TEAM_MEMBER_INVALID',
  'CASE_SALE_PHONE_NOT_FOUND',
  'CASE_SALE_PHONE_TAKEN',
  'CASE_SALE_PHONES_FULL',
  'CASE_ORDER_NOT_FOUND',
  'CASE_ORDER_STATUS_MOVE',
  // Comparisons of robots and API secret usage.
  'COMPARISON_NOT_FOUND',
  // SMS codes: sending, logging in and resetting a password with one.
  'SMS_THROTTLED',
  'SMS_CODE_INVALID',
  'SMS_PHONE_SHARED',
  'SMS_SEND_FAILED',
  'SMS_CODE_REQUIRED',
  'SMS_TRIES_THROTTLED',
  'SSO_THROTTLED',
  'SSO_PROVIDER_UNKNOWN',
  'SSO_STATE_INVALID',
  'SSO_EXCHANGE_FAILED',
  'SSO_ISSUER_INVALID',
  'SSO_PROVIDERS_LIMIT',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * 400/401/403/404/409/429/500 body. `isLogin: false` marks a failed login (no forced-logout modal);
 * a 429 may say in `retryAfter` how many seconds to wait (also its Retry-After header).
 */
export const ErrorResponseSchema = Type.Object({
  code: Type.String(),
  message: Type.String(),
  isLogin: Type.Optional(Type.Boolean()),
  retryAfter: Type.Optional(Type.Integer({ minimum: 1 })),
  /** What failed underneath, as a stable code: an external database's connection code (AUTH_FAILED…). */
  reason: Type.Optional(Type.String()),
});
export type ErrorResponse = Static<typeof ErrorResponseSchema>;

/** 422 body, in the FastAPI shape the console's clients read (the first `msg` is the notice). */
export const ValidationErrorSchema = Type.Object({
  detail: Type.Array(
    Type.Object({
      loc: Type.Array(Type.Union([Type.String(), Type.Integer()])),
      msg: Type.String(),
      type: Type.String(),
    }),
  ),
});
export type ValidationError = Static<typeof ValidationErrorSchema>;
