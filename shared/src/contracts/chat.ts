import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, IsoDateSchema, LIMITS, OffsetSchema, OkSchema } from './common';
import { endpoint } from './endpoint';
import { OpenAiChatRequestSchema } from './secrets';
import { ShareInfoQuerySchema } from './share';

/**
 * Chats: sessions of a chatter and the completions (question + answer pairs) in them.
 *
 * A chatter is either a public visitor (a uuid kept in the browser, reaching a robot through its share:
 * calls carry `shareId`) or a logged-in staff member debugging a robot (calls carry `processId` and the
 * token; the path's `userId` must be the caller's own id). Nobody reads another chatter's sessions.
 */

/** A visitor's id: a random uuid kept in the browser (`flotilla-visitor-id`). */
export const VisitorIdSchema = Type.String({
  maxLength: 36,
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
});

/** Which robot a chat call is about: through a share (public) or the robot itself (staff, with a token). */
export const ChatTargetQuerySchema = Type.Object({
  shareId: Type.Optional(IdSchema),
  processId: Type.Optional(IdSchema),
});
export type ChatTargetQuery = Static<typeof ChatTargetQuerySchema>;

/** A chat session (the flag of the session being renamed lives in the browser only). */
export const ChatSessionSchema = Type.Object({
  sessionId: IdSchema,
  title: Type.String(),
  topic: Type.String(),
  chatCompletionType: Type.String(),
  processId: IdSchema,
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
});
export type ChatSession = Static<typeof ChatSessionSchema>;

/** `POST /v2/upload/file` (multipart `file`, plus `shareId`+`visitorId` for visitors): limits of chat attachments. */
export const UPLOAD_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  imageTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  fileTypes: [
    'application/pdf',
    'text/plain',
    'text/markdown',
    'text/csv',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ],
} as const;

export const CHAT_LIMITS = {
  questionLength: 4000,
  titleLength: 100,
  feedbackLength: 1000,
  attachments: 5,
} as const;

/** `GET /v1/users/{userId}/chat/session?offset&limit(40)&shareId|processId`: newest first. */
export const ChatUserParamsSchema = Type.Object({ userId: IdSchema });
export type ChatUserParams = Static<typeof ChatUserParamsSchema>;
export const ListChatSessionsQuerySchema = Type.Composite([
  ChatTargetQuerySchema,
  Type.Object({
    offset: OffsetSchema,
    limit: Type.Integer({ minimum: 1, maximum: 200, default: LIMITS.chatSessionPageSize }),
  }),
]);
export type ListChatSessionsQuery = Static<typeof ListChatSessionsQuerySchema>;
export const ChatSessionListResponseSchema = Type.Object({
  list: Type.Array(ChatSessionSchema),
  total: Type.Integer({ minimum: 0 }),
});
export type ChatSessionListResponse = Static<typeof ChatSessionListResponseSchema>;

/** `POST /v1/chat/sessions`: a new, empty session (the chat adds it at the top and makes it active). */
export const CreateChatSessionBodySchema = Type.Composite([
  ChatTargetQuerySchema,
  Type.Object({
    userId: IdSchema,
    title: Type.Optional(Type.String({ maxLength: CHAT_LIMITS.titleLength })),
  }),
]);
export type CreateChatSessionBody = Static<typeof CreateChatSessionBodySchema>;

/** `PUT /v1/chat/sessions`: rename. */
export const RenameChatSessionBodySchema = Type.Composite([
  ChatTargetQuerySchema,
  Type.Object({
    userId: IdSchema,
    sessionId: IdSchema,
    title: Type.String({ minLength: 1, maxLength: CHAT_LIMITS.titleLength, pattern: '\\S' }),
  }),
]);
export type RenameChatSessionBody = Static<typeof RenameChatSessionBodySchema>;

/** An uploaded attachment (`POST /v2/upload/file` answers it; questions carry it back). */
export const AttachmentSchema = Type.Object({
  id: IdSchema,
  name: Type.String({ maxLength: 255 }),
  url: Type.String({ maxLength: 500 }),
  size: Type.Integer({ minimum: 0, maximum: UPLOAD_LIMITS.maxBytes }),
  contentType: Type.String({ maxLength: 100 }),
});
export type Attachment = Static<typeof AttachmentSchema>;

/** A passage an answer is based on (numbered [1], [2]… in the answer text). */
export const CitationSchema = Type.Object({
  index: Type.Integer({ minimum: 1 }),
  segmentId: Type.String(),
  fileName: Type.String(),
  datasetId: Type.String(),
  text: Type.String(),
  score: Type.Optional(Type.Number()),
  /** Rows a robot read from a database (`datasetId` is then empty, `fileName` names the database and table). */
  databaseId: Type.Optional(Type.String()),
  table: Type.Optional(Type.String()),
});
export type Citation = Static<typeof CitationSchema>;

export const UsageSchema = Type.Object({
  promptTokens: Type.Integer({ minimum: 0 }),
  completionTokens: Type.Integer({ minimum: 0 }),
  totalTokens: Type.Integer({ minimum: 0 }),
});
export type Usage = Static<typeof UsageSchema>;

export const FEEDBACK_VALUES = ['like', 'dislike'] as const;
export type FeedbackValue = (typeof FEEDBACK_VALUES)[number];
export const COMPLETION_STATUSES = ['done', 'stopped', 'error'] as const;
export type CompletionStatus = (typeof COMPLETION_STATUSES)[number];

/** One question and its answer, as a chat shows them. */
export const CompletionSchema = Type.Object({
  id: IdSchema,
  sessionId: IdSchema,
  processId: IdSchema,
  question: Type.String(),
  answer: Type.String(),
  images: Type.Array(AttachmentSchema),
  files: Type.Array(AttachmentSchema),
  citations: Type.Array(CitationSchema),
  status: Type.Union(COMPLETION_STATUSES.map((s) => Type.Literal(s))),
  feedback: Type.Union([Type.Null(), ...FEEDBACK_VALUES.map((f) => Type.Literal(f))]),
  feedbackText: Type.String(),
  checked: Type.Boolean(),
  createdAt: IsoDateSchema,
});
export type Completion = Static<typeof CompletionSchema>;

/** A completion as the robot's logs show it: who asked, with model, tokens, latency and cost. */
export const CompletionLogSchema = Type.Composite([
  CompletionSchema,
  Type.Object({
    userId: Type.String(),
    /** `visitor` through a share, `staff` from the console's debug chat, `api` through an API secret. */
    channel: Type.Union([Type.Literal('visitor'), Type.Literal('staff'), Type.Literal('api')]),
    model: Type.String(),
    usage: UsageSchema,
    latencyMs: Type.Integer({ minimum: 0 }),
    cost: Type.Integer({ minimum: 0 }),
    errorCode: Type.Union([Type.Null(), Type.String()]),
  }),
]);
export type CompletionLog = Static<typeof CompletionLogSchema>;

/** `GET /v1/chat/users/{userId}/sessions/{sessionId}/completions?offset&limit(10)`: newest first (the chat shows them reversed). */
export const ChatSessionParamsSchema = Type.Object({ userId: IdSchema, sessionId: IdSchema });
export type ChatSessionParams = Static<typeof ChatSessionParamsSchema>;
export const ListSessionCompletionsQuerySchema = Type.Composite([
  ChatTargetQuerySchema,
  Type.Object({
    offset: OffsetSchema,
    limit: Type.Integer({ minimum: 1, maximum: 200, default: LIMITS.chatMessagePageSize }),
  }),
]);
export type ListSessionCompletionsQuery = Static<typeof ListSessionCompletionsQuerySchema>;
export const CompletionListResponseSchema = Type.Object({
  list: Type.Array(CompletionSchema),
  total: Type.Integer({ minimum: 0 }),
});
export type CompletionListResponse = Static<typeof CompletionListResponseSchema>;

/** `DELETE /v1/users/{userId}/sessions/{sessionId}/completions/{id}?shareId|processId`: a chatter deletes a message pair. */
export const DeleteSessionCompletionParamsSchema = Type.Object({ userId: IdSchema, sessionId: IdSchema, id: IdSchema });
export type DeleteSessionCompletionParams = Static<typeof DeleteSessionCompletionParamsSchema>;

/** `GET|DELETE /v1/completions/{completionId}` (staff), `PUT …/feedback` (the chatter), `PUT …/checked` (agents, admins). */
export const CompletionParamsSchema = Type.Object({ completionId: IdSchema });
export type CompletionParams = Static<typeof CompletionParamsSchema>;

/** `PUT /v1/completions/{completionId}/feedback`: like or dislike with a comment; null clears it. */
export const FeedbackBodySchema = Type.Composite([
  ChatTargetQuerySchema,
  Type.Object({
    userId: IdSchema,
    feedback: Type.Union([Type.Null(), ...FEEDBACK_VALUES.map((f) => Type.Literal(f))]),
    text: Type.Optional(Type.String({ maxLength: CHAT_LIMITS.feedbackLength })),
  }),
]);
export type FeedbackBody = Static<typeof FeedbackBodySchema>;

/** `PUT /v1/completions/{completionId}/checked`. */
export const CheckedBodySchema = Type.Object({ checked: Type.Boolean() });
export type CheckedBody = Static<typeof CheckedBodySchema>;

/** `GET /v1/completions/processes?processId&offset&limit&feedback?&checked?`: a robot's answers, newest first. */
export const ListRobotCompletionsQuerySchema = Type.Object({
  processId: IdSchema,
  sessionId: Type.Optional(IdSchema),
  feedback: Type.Optional(Type.Union(FEEDBACK_VALUES.map((f) => Type.Literal(f)))),
  checked: Type.Optional(Type.Boolean()),
  offset: OffsetSchema,
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 20 }),
});
export type ListRobotCompletionsQuery = Static<typeof ListRobotCompletionsQuerySchema>;
export const CompletionLogListResponseSchema = Type.Object({
  list: Type.Array(CompletionLogSchema),
  total: Type.Integer({ minimum: 0 }),
});
export type CompletionLogListResponse = Static<typeof CompletionLogListResponseSchema>;

/** `POST /v1/completions/sessionIds` {processId}: the robot's sessions with their size, newest activity first. */
export const RobotSessionsBodySchema = Type.Object({
  processId: IdSchema,
  offset: OffsetSchema,
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 20 }),
});
export type RobotSessionsBody = Static<typeof RobotSessionsBodySchema>;
export const RobotSessionSchema = Type.Object({
  sessionId: IdSchema,
  title: Type.String(),
  userId: Type.String(),
  channel: Type.Union([Type.Literal('visitor'), Type.Literal('staff'), Type.Literal('api')]),
  completions: Type.Integer({ minimum: 0 }),
  updatedAt: IsoDateSchema,
});
export type RobotSession = Static<typeof RobotSessionSchema>;
export const RobotSessionListResponseSchema = Type.Object({
  list: Type.Array(RobotSessionSchema),
  total: Type.Integer({ minimum: 0 }),
});
export type RobotSessionListResponse = Static<typeof RobotSessionListResponseSchema>;

/**
 * `POST /v2/qa`: ask a robot. With `stream` (default) the answer is `text/event-stream` of
 * {@link QaEvent}s; with `stream: false`, one {@link QaAnswer}. Without `sessionId` a session is created.
 */
export const QaBodySchema = Type.Object({
  processId: Type.Optional(IdSchema),
  shareId: Type.Optional(IdSchema),
  sessionId: Type.Optional(IdSchema),
  question: Type.String({ minLength: 1, maxLength: CHAT_LIMITS.questionLength, pattern: '\\S' }),
  /** The public visitor's uuid; required with `shareId`. */
  visitorId: Type.Optional(VisitorIdSchema),
  files: Type.Optional(Type.Array(AttachmentSchema, { maxItems: CHAT_LIMITS.attachments })),
  images: Type.Optional(Type.Array(AttachmentSchema, { maxItems: CHAT_LIMITS.attachments })),
  stream: Type.Optional(Type.Boolean({ default: true })),
});
export type QaBody = Static<typeof QaBodySchema>;

export const QaAnswerSchema = Type.Object({
  completionId: IdSchema,
  sessionId: IdSchema,
  answer: Type.String(),
  citations: Type.Array(CitationSchema),
  usage: UsageSchema,
});
export type QaAnswer = Static<typeof QaAnswerSchema>;

/** The events of a streamed answer: deltas, then exactly one `done` or `error`. */
export const QaEventSchema = Type.Union([
  Type.Object({ type: Type.Literal('delta'), text: Type.String() }),
  Type.Object({
    type: Type.Literal('done'),
    completionId: IdSchema,
    sessionId: IdSchema,
    citations: Type.Array(CitationSchema),
    usage: UsageSchema,
  }),
  Type.Object({ type: Type.Literal('error'), code: Type.String(), message: Type.String() }),
]);
export type QaEvent = Static<typeof QaEventSchema>;

/** Asks a robot, through its share or as staff: a stream of {@link QaEvent}s, or one {@link QaAnswer} with `stream: false`. */
export const AskQuestion = endpoint({
  method: 'POST',
  path: '/v2/qa',
  body: QaBodySchema,
  response: QaAnswerSchema,
  answer: 'events',
  events: QaEventSchema,
});

/** `GET /v1/webPreviewUi?shareId`: how a share page looks (public). */
export const WebPreviewUiSchema = Type.Object({
  shareId: IdSchema,
  name: Type.String(),
  icon: Type.String(),
  themeColor: Type.String(),
  welcome: Type.String(),
  suggestedQuestions: Type.Array(Type.String()),
});
export type WebPreviewUi = Static<typeof WebPreviewUiSchema>;

/** A voice of the TTS provider: `id` is what `POST /v2/tts` takes; `locale` is empty when it speaks several languages. */
export const TtsVoiceSchema = Type.Object({ id: Type.String(), name: Type.String(), locale: Type.String() });
export type TtsVoice = Static<typeof TtsVoiceSchema>;
/**
 * `GET /v1/aliyun/tts/voice`: the configured TTS provider and its voices (at least one); with none,
 * `provider: null` and no voices, and the chat reads aloud with the browser's own voices.
 */
export const TtsVoiceListResponseSchema = Type.Object({
  provider: Type.Union([Type.Null(), Type.String()]),
  voices: Type.Array(TtsVoiceSchema),
});
export type TtsVoiceListResponse = Static<typeof TtsVoiceListResponseSchema>;

/** Limits of `POST /v2/tts` (the text limit is OpenAI's own for one speech request). */
export const TTS_LIMITS = { textLength: 4096, voiceLength: 100 } as const;

/**
 * `POST /v2/tts`: `text` read aloud by the configured provider with `voice` (a voice id; the first voice
 * when absent), to the same chatters as `POST /v2/qa` (`shareId` + `visitorId`, or `processId` + token).
 * Answers {@link TTS_AUDIO_TYPE}, streamed as the provider speaks.
 */
export const TtsSpeechBodySchema = Type.Object({
  processId: Type.Optional(IdSchema),
  shareId: Type.Optional(IdSchema),
  /** The public visitor's uuid; required with `shareId`. */
  visitorId: Type.Optional(VisitorIdSchema),
  text: Type.String({ minLength: 1, maxLength: TTS_LIMITS.textLength, pattern: '\\S' }),
  voice: Type.Optional(Type.String({ minLength: 1, maxLength: TTS_LIMITS.voiceLength })),
});
export type TtsSpeechBody = Static<typeof TtsSpeechBodySchema>;
/** The content type of `POST /v2/tts`'s answer. */
export const TTS_AUDIO_TYPE = 'audio/mpeg';
/** `POST /v2/tts`'s answer as the API document describes it: the audio bytes. */
export const TtsSpeechResponseSchema = Type.String({ format: 'binary' });

export const UploadResponseSchema = AttachmentSchema;
export type UploadResponse = Static<typeof UploadResponseSchema>;

/** `POST /v2/processes/icon` (multipart `file`): a robot icon, ≤ 1 MB png/jpeg/webp/gif; answers its URL. */
export const ICON_LIMITS = { maxBytes: 1024 * 1024 } as const;
export const IconUploadResponseSchema = Type.Object({ url: Type.String() });
export type IconUploadResponse = Static<typeof IconUploadResponseSchema>;

/** The chatter's sessions with a robot, newest activity first. */
export const ListChatSessions = endpoint({
  method: 'GET',
  path: '/v1/users/{userId}/chat/session',
  params: ChatUserParamsSchema,
  query: ListChatSessionsQuerySchema,
  response: ChatSessionListResponseSchema,
});
/** Starts a new, empty session of the chatter. */
export const CreateChatSession = endpoint({
  method: 'POST',
  path: '/v1/chat/sessions',
  body: CreateChatSessionBodySchema,
  response: ChatSessionSchema,
});
/** Renames one of the chatter's sessions. */
export const RenameChatSession = endpoint({
  method: 'PUT',
  path: '/v1/chat/sessions',
  body: RenameChatSessionBodySchema,
  response: ChatSessionSchema,
});

/** The question + answer pairs of one of the chatter's sessions, newest first. */
export const ListSessionCompletions = endpoint({
  method: 'GET',
  path: '/v1/chat/users/{userId}/sessions/{sessionId}/completions',
  params: ChatSessionParamsSchema,
  query: ListSessionCompletionsQuerySchema,
  response: CompletionListResponseSchema,
});
/** The chatter deletes one question + answer pair of their session. */
export const DeleteSessionCompletion = endpoint({
  method: 'DELETE',
  path: '/v1/users/{userId}/sessions/{sessionId}/completions/{id}',
  params: DeleteSessionCompletionParamsSchema,
  query: ChatTargetQuerySchema,
  response: OkSchema,
});
/** The chatter likes or dislikes an answer, with a comment; `null` clears both. */
export const SendFeedback = endpoint({
  method: 'PUT',
  path: '/v1/completions/{completionId}/feedback',
  params: CompletionParamsSchema,
  body: FeedbackBodySchema,
  response: CompletionSchema,
});
/** Staff delete an answer from a robot's logs (and from its chatter's session). */
export const DeleteCompletion = endpoint({
  method: 'DELETE',
  path: '/v1/completions/{completionId}',
  params: CompletionParamsSchema,
  response: OkSchema,
});

/** How a share's chat page looks (public). */
export const GetWebPreviewUi = endpoint({
  method: 'GET',
  path: '/v1/webPreviewUi',
  query: ShareInfoQuerySchema,
  response: WebPreviewUiSchema,
});

/** The configured TTS provider's voices (none when there is no provider). */
export const ListTtsVoices = endpoint({
  method: 'GET',
  path: '/v1/aliyun/tts/voice',
  response: TtsVoiceListResponseSchema,
});
/** Reads a text aloud with the configured TTS provider: {@link TTS_AUDIO_TYPE} audio. */
export const SynthesizeSpeech = endpoint({
  method: 'POST',
  path: '/v2/tts',
  body: TtsSpeechBodySchema,
  response: TtsSpeechResponseSchema,
  answer: 'blob',
});

/**
 * Uploads a chat attachment: a multipart `file`, plus `shareId` and `visitorId` for a visitor or
 * `processId` for staff (the route reads and checks the fields itself).
 */
export const UploadAttachment = endpoint({
  method: 'POST',
  path: '/v2/upload/file',
  bodyAs: 'multipart',
  response: UploadResponseSchema,
});
/** An uploaded file (an attachment or a robot icon) by its id. */
export const UploadParamsSchema = Type.Object({ id: IdSchema });
export type UploadParams = Static<typeof UploadParamsSchema>;
/** An uploaded file by id (public: ids are random, and share pages show icons and attachments without login). */
export const GetUpload = endpoint({
  method: 'GET',
  path: '/v2/upload/file/{id}',
  params: UploadParamsSchema,
  response: Type.String({ format: 'binary' }),
  answer: 'blob',
});

/**
 * The OpenAI-compatible chat completion, answered by the robot an API secret names: OpenAI's
 * `chat.completion` object, or its chunks as a text/event-stream with `stream: true` (their shapes are
 * OpenAI's, so they are left open here).
 */
export const CreateChatCompletion = endpoint({
  method: 'POST',
  path: '/v1/chat/completions',
  body: OpenAiChatRequestSchema,
  response: Type.Unknown(),
  answer: 'events',
  events: Type.Unknown(),
});
