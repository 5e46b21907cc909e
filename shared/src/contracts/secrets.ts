import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, IsoDateSchema, OkSchema } from './common';
import { endpoint } from './endpoint';

/** A robot's API secret as listed: the secret itself is shown once, at creation, and stored hashed. */
export const ApiSecretSchema = Type.Object({
  id: IdSchema,
  processId: IdSchema,
  name: Type.String(),
  /** The first characters of the secret, to tell secrets apart. */
  prefix: Type.String(),
  createdAt: IsoDateSchema,
  lastUsedAt: Type.Union([Type.Null(), IsoDateSchema]),
});
export type ApiSecret = Static<typeof ApiSecretSchema>;

/** `GET /v1/secrets?processId`. */
export const ListApiSecretsQuerySchema = Type.Object({ processId: IdSchema });
export type ListApiSecretsQuery = Static<typeof ListApiSecretsQuerySchema>;
export const ApiSecretListResponseSchema = Type.Array(ApiSecretSchema);
export type ApiSecretListResponse = Static<typeof ApiSecretListResponseSchema>;

/** `POST /v1/secrets` {processId, name} → `{ id, secret }` (shown once). */
export const CreateApiSecretBodySchema = Type.Object({
  processId: IdSchema,
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
});
export type CreateApiSecretBody = Static<typeof CreateApiSecretBodySchema>;
export const CreateApiSecretResponseSchema = Type.Object({ id: IdSchema, secret: Type.String() });
export type CreateApiSecretResponse = Static<typeof CreateApiSecretResponseSchema>;

/** `DELETE /v1/secrets/{id}`. */
export const ApiSecretParamsSchema = Type.Object({ id: IdSchema });
export type ApiSecretParams = Static<typeof ApiSecretParamsSchema>;

/** A robot's API secrets by name and prefix (never the secrets themselves). */
export const ListApiSecrets = endpoint({
  method: 'GET',
  path: '/v1/secrets',
  query: ListApiSecretsQuerySchema,
  response: ApiSecretListResponseSchema,
});
/** Creates an API secret for a robot: the answer is the only time the secret is shown. */
export const CreateApiSecret = endpoint({
  method: 'POST',
  path: '/v1/secrets',
  body: CreateApiSecretBodySchema,
  response: CreateApiSecretResponseSchema,
});
/** Revokes an API secret at once. */
export const DeleteApiSecret = endpoint({
  method: 'DELETE',
  path: '/v1/secrets/{id}',
  params: ApiSecretParamsSchema,
  response: OkSchema,
});

/** `POST /v1/chat/completions`: the OpenAI request fields this server reads (others are accepted and ignored). */
export const OpenAiChatMessageSchema = Type.Object({
  role: Type.Union([
    Type.Literal('system'),
    Type.Literal('user'),
    Type.Literal('assistant'),
    Type.Literal('developer'),
    Type.Literal('tool'),
  ]),
  content: Type.Union([
    Type.String({ maxLength: 20000 }),
    Type.Array(
      Type.Object(
        { type: Type.String({ maxLength: 100 }), text: Type.Optional(Type.String({ maxLength: 20000 })) },
        { additionalProperties: true },
      ),
      { maxItems: 20 },
    ),
    Type.Null(),
  ]),
});
export const OpenAiChatRequestSchema = Type.Object(
  {
    model: Type.String({ maxLength: 200 }),
    messages: Type.Array(OpenAiChatMessageSchema, { minItems: 1, maxItems: 200 }),
    stream: Type.Optional(Type.Boolean()),
    user: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: true },
);
export type OpenAiChatRequest = Static<typeof OpenAiChatRequestSchema>;
