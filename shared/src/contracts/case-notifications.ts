import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, IsoDateSchema, PageQuerySchema } from './common';
import { endpoint } from './endpoint';

/** A note to an agent that a case was given to them. */
export const CaseNotificationSchema = Type.Object({
  id: IdSchema,
  caseId: IdSchema,
  /** The case's title when it was given. */
  title: Type.String(),
  read: Type.Boolean(),
  createdAt: IsoDateSchema,
});
export type CaseNotification = Static<typeof CaseNotificationSchema>;

/** A page of the caller's notifications with the count of those still unread. */
export const CaseNotificationListResponseSchema = Type.Object({
  list: Type.Array(CaseNotificationSchema),
  total: Type.Integer({ minimum: 0 }),
  unread: Type.Integer({ minimum: 0 }),
});
export type CaseNotificationListResponse = Static<typeof CaseNotificationListResponseSchema>;

/** `GET /v1/case/notifications`: the caller's notifications, newest first. */
export const ListCaseNotifications = endpoint({
  method: 'GET',
  path: '/v1/case/notifications',
  query: PageQuerySchema,
  response: CaseNotificationListResponseSchema,
});

/** Which notifications to mark read: `ids` (the caller's own; others are ignored), or all when absent. */
export const ReadCaseNotificationsBodySchema = Type.Object({
  ids: Type.Optional(Type.Array(IdSchema, { minItems: 1, maxItems: 200 })),
});
export type ReadCaseNotificationsBody = Static<typeof ReadCaseNotificationsBodySchema>;

/** `POST /v1/case/notifications/read`: marks notifications read; answers how many stay unread. */
export const ReadCaseNotifications = endpoint({
  method: 'POST',
  path: '/v1/case/notifications/read',
  body: ReadCaseNotificationsBodySchema,
  response: Type.Object({ unread: Type.Integer({ minimum: 0 }) }),
});
