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
