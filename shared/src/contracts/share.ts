import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from './common';

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

/** `GET /v1/users/{adminId}/processes/{processId}/share` and its `share/enable`, `share/disable`: a robot's share settings. */
export const ShareParamsSchema = Type.Object({ adminId: IdSchema, processId: IdSchema });
export type ShareParams = Static<typeof ShareParamsSchema>;
export const ShareSettingsSchema = Type.Composite([ShareInfoSchema, Type.Object({ enabled: Type.Boolean() })]);
export type ShareSettings = Static<typeof ShareSettingsSchema>;
