import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, IsoDateSchema } from './common';
import { endpoint } from './endpoint';

/** `GET /v1/share/info?shareId`: what a public share page shows. Public, no login. */
export const ShareInfoQuerySchema = Type.Object({ shareId: IdSchema });
export type ShareInfoQuery = Static<typeof ShareInfoQuerySchema>;

export const ShareInfoSchema = Type.Object({
  shareId: IdSchema,
  processId: IdSchema,
  name: Type.String(),
  icon: Type.String(),
  welcome: Type.String(),
  suggestedQuestions: Type.Array(Type.String()),
  themeColor: Type.String(),
});
export type ShareInfo = Static<typeof ShareInfoSchema>;
/** The id of the JSON data block in which the server inlines a share's info into the public chat page it serves. */
export const SHARE_INFO_ELEMENT_ID = 'share-info';

/** `GET /v1/users/{adminId}/processes/{processId}/share` and its `share/enable`, `share/disable`: a robot's share settings. */
export const ShareParamsSchema = Type.Object({ adminId: IdSchema, processId: IdSchema });
export type ShareParams = Static<typeof ShareParamsSchema>;
export const ShareSettingsSchema = Type.Composite([
  ShareInfoSchema,
  Type.Object({
    enabled: Type.Boolean(),
    /** Origins allowed to embed the share page; empty: any. */
    allowedOrigins: Type.Array(Type.String()),
    rateLimitPerMinute: Type.Integer(),
    /** After this instant the share answers 404; null: never expires. */
    expiresAt: Type.Union([Type.Null(), IsoDateSchema]),
  }),
]);
export type ShareSettings = Static<typeof ShareSettingsSchema>;

/** Limits of a share's settings. */
export const SHARE_LIMITS = { rateLimitPerMinute: { min: 1, max: 600, default: 60 }, allowedOrigins: 20 } as const;

/** `PUT /v1/users/{adminId}/processes/{processId}/share`: the fields given are changed, the others kept. */
export const UpdateShareBodySchema = Type.Object(
  {
    allowedOrigins: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 200, pattern: '^https?://[^/\\s]+$' }), {
        maxItems: SHARE_LIMITS.allowedOrigins,
      }),
    ),
    rateLimitPerMinute: Type.Optional(
      Type.Integer({ minimum: SHARE_LIMITS.rateLimitPerMinute.min, maximum: SHARE_LIMITS.rateLimitPerMinute.max }),
    ),
    // Null first: with type coercion on, a string branch tried first would turn null into "".
    expiresAt: Type.Optional(Type.Union([Type.Null(), IsoDateSchema])),
    themeColor: Type.Optional(Type.String({ maxLength: 7, pattern: '^#[0-9A-Fa-f]{6}$' })),
  },
  { minProperties: 1 },
);
export type UpdateShareBody = Static<typeof UpdateShareBodySchema>;

/** What a public share page shows (no login). */
export const GetShareInfo = endpoint({
  method: 'GET',
  path: '/v1/share/info',
  query: ShareInfoQuerySchema,
  response: ShareInfoSchema,
});
/** A robot's share settings. */
export const GetShare = endpoint({
  method: 'GET',
  path: '/v1/users/{adminId}/processes/{processId}/share',
  params: ShareParamsSchema,
  response: ShareSettingsSchema,
});
/** Changes the fields given of a robot's share settings. */
export const UpdateShare = endpoint({
  method: 'PUT',
  path: '/v1/users/{adminId}/processes/{processId}/share',
  params: ShareParamsSchema,
  body: UpdateShareBodySchema,
  response: ShareSettingsSchema,
});
/** Turns a robot's share on. */
export const EnableShare = endpoint({
  method: 'PUT',
  path: '/v1/users/{adminId}/processes/{processId}/share/enable',
  params: ShareParamsSchema,
  response: ShareSettingsSchema,
});
/** Turns a robot's share off. */
export const DisableShare = endpoint({
  method: 'PUT',
  path: '/v1/users/{adminId}/processes/{processId}/share/disable',
  params: ShareParamsSchema,
  response: ShareSettingsSchema,
});
