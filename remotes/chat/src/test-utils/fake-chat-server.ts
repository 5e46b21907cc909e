import {
  AskQuestion,
  CreateChatSession,
  DeleteSessionCompletion,
  GetCasePreviewUi,
  GetCaseShareInfo,
  GetRobot,
  GetShareInfo,
  ListChatSessions,
  ListSessionCompletions,
  ListTtsVoices,
  RenameChatSession,
  SendFeedback,
  SynthesizeSpeech,
  UploadAttachment,
  type CasePreviewUi,
  type ChatSession,
  type Completion,
  type Endpoint,
  type EndpointAnswer,
  type ErrorResponse,
  type QaAnswer,
  type QaEvent,
  type Robot,
  type TtsVoiceListResponse,
  type VisitorCase,
} from '@flotilla/shared';
import { fakeApi, on, refuse, Refusal, type FakeRequest, type FakeRoute } from '@flotilla/shared/test';
import { makeShare } from './fake-share';

/** A request as the fake server saw it. */
export type SeenRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, or the fields of a multipart body (files as their names). */
  body: Record<string, unknown> | undefined;
  signal: AbortSignal | undefined;
};

/** The audio the speech call answers (a stand-in for mp3 bytes). */
export const FAKE_SPEECH = new Uint8Array([0xff, 0xfb, 0x90, 0x64, 0x00]);

/** What a test makes a call answer instead: JSON with a status (200 unless given); 4xx and 5xx in the server's error shape. */
type Answer = { status?: number; body?: unknown };

/** A question's answer being streamed: push events, then end it; `aborted` once the client stopped. */
export class LiveAnswer {
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private readonly encoder = new TextEncoder();
  aborted = false;
  readonly body = new ReadableStream<Uint8Array>({ start: (controller) => void (this.controller = controller) });

  constructor(signal: AbortSignal | undefined) {
    const stop = () => {
      this.aborted = true;
      try {
        this.controller.error(new DOMException('The operation was aborted.', 'AbortError'));
      } catch {
        /* already closed */
      }
    };
    if (signal?.aborted) stop();
    else signal?.addEventListener('abort', stop);
  }

  push(...events: QaEvent[]): void {
    for (const event of events) this.controller.enqueue(this.encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
  }

  end(): void {
    this.controller.close();
  }
}

/** The pair the server keeps for a question. */
export function makeCompletion(patch: Partial<Completion> & { id: string; sessionId: string }): Completion {
  return {
    processId: 'p1',
    question: `Question ${patch.id}`,
    answer: `Answer ${patch.id}`,
    images: [],
    files: [],
    citations: [],
    status: 'done',
    feedback: null,
    feedbackText: '',
    checked: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...patch,
  };
}

export function makeSession(patch: Partial<ChatSession> & { sessionId: string }): ChatSession {
  return {
    title: `Session ${patch.sessionId}`,
    topic: '',
    chatCompletionType: '',
    processId: 'p1',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...patch,
  };
}

export function makeRobot(patch: Partial<Robot> = {}): Robot {
  return {
    processId: 'p1',
    adminId: 'u1',
    name: 'Returns robot',
    description: '',
    icon: '',
    type: 'simple',
    enabled: true,
    tags: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...patch,
  };
}

/** What a route of `E` answers: the endpoint's answer, a refusal, or a whole `Response` for a stream or a file. */
type Answering<E extends Endpoint> = Parameters<typeof on<E>>[1];

/** A test's answer as the fake API answers it: a refusal from 400 on. */
function answerOf<T>({ status = 200, body }: Answer): T | Refusal {
  return status >= 400 ? new Refusal(status, body as ErrorResponse) : (body as T);
}

/** A request as the tests read it: a multipart body as its fields, files by their names. */
function seen(request: FakeRequest): SeenRequest {
  const fields =
    request.formData &&
    Object.fromEntries(
      [...request.formData.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : value.name]),
    );
  return {
    method: request.method,
    path: request.path,
    query: request.query,
    body: fields ?? (request.body as Record<string, unknown> | undefined),
    signal: request.signal,
  };
}

/** One page of `list`, as the list calls answer it. */
const page = <T>(list: T[], { offset, limit }: { offset: number; limit: number }) => ({
  list: list.slice(offset, offset + limit),
  total: list.length,
});

/**
 * A fake of the chat's server calls on the shared fake API (the real http client runs against it, and
 * its answers are checked against the calls' contracts): the share, the chatter's sessions and their
 * completions (newest first, paged), feedback, deletion, uploads, voices and speech, a robot for staff
 * mode, the share's case form and the visitor's cases (`caseUi`, `visitorCases`), and questions answered by a {@link LiveAnswer} the test drives (or by `qa` when set).
 * `failNext` makes the next matching call fail. Undo with `vi.unstubAllGlobals()`.
 */
export function fakeChatServer({
  share = makeShare(),
  sessions = [] as ChatSession[],
  completions = {} as Record<string, Completion[]>,
  robot = makeRobot(),
  voices = { provider: null, voices: [] } as TtsVoiceListResponse,
  caseUi = { enabled: false, fields: [] } as CasePreviewUi,
  visitorCases = [] as VisitorCase[],
} = {}) {
  const answers: LiveAnswer[] = [];
  const failures: Array<{ method: string; path: RegExp; answer: Answer }> = [];
  let created = 0;
  let seenRequests: FakeRequest[] = [];
  const server = {
    /** Every request, oldest first. */
    get requests(): SeenRequest[] {
      return seenRequests.map(seen);
    },
    sessions: [...sessions],
    completions: Object.fromEntries(Object.entries(completions).map(([id, list]) => [id, [...list]])),
    /** Answers questions differently (an HTTP error…); by default each question gets a new LiveAnswer. */
    qa: null as ((request: SeenRequest) => Answer) | null,
    /** The streamed answers, oldest first. */
    answers,
    /** The latest streamed answer. */
    get answer(): LiveAnswer {
      const last = answers[answers.length - 1];
      if (!last) throw new Error('No question was asked');
      return last;
    },
    /** The next `method` call whose path matches fails with `answer`. */
    failNext(method: string, path: RegExp, answer: Answer) {
      failures.push({ method, path, answer });
    },
    /** The calls made, as `METHOD /path`. */
    calls(method?: string, path?: RegExp) {
      return server.requests.filter((r) => (!method || r.method === method) && (!path || path.test(r.path)));
    },
  };

  /** The route of `endpoint`, failing instead when the test asked the next such call to fail. */
  const route = <E extends Endpoint>(endpoint: E, answer: Answering<E>): FakeRoute =>
    on(endpoint, (call) => {
      const failure = failures.findIndex((f) => f.method === call.request.method && f.path.test(call.request.path));
      return failure >= 0 ? answerOf<EndpointAnswer<E>>(failures.splice(failure, 1)[0]!.answer) : answer(call);
    });

  seenRequests = fakeApi([
    route(GetShareInfo, () => share),
    route(ListTtsVoices, () => voices),
    route(GetCasePreviewUi, () => caseUi),
    route(GetCaseShareInfo, () => ({ list: visitorCases })),
    route(GetRobot, ({ params }) =>
      params.processId === robot.processId ? robot : refuse(404, 'ROBOT_NOT_FOUND', 'Robot not found'),
    ),
    route(ListChatSessions, ({ query }) => page(server.sessions, query)),
    route(CreateChatSession, () => {
      const session = makeSession({ sessionId: `s-new-${++created}`, title: '' });
      server.sessions.unshift(session);
      return session;
    }),
    route(RenameChatSession, ({ body }) => {
      const session = server.sessions.find((s) => s.sessionId === body.sessionId);
      if (!session) return refuse(404, 'SESSION_NOT_FOUND', 'Session not found');
      session.title = body.title;
      return session;
    }),
    route(ListSessionCompletions, ({ params, query }) => page(server.completions[params.sessionId] ?? [], query)),
    route(DeleteSessionCompletion, ({ params }) => {
      const list = server.completions[params.sessionId] ?? [];
      const index = list.findIndex((c) => c.id === params.id);
      if (index < 0) return refuse(404, 'COMPLETION_NOT_FOUND', 'Not found');
      list.splice(index, 1);
      return { ok: true };
    }),
    route(SendFeedback, ({ params, body }) => {
      const completion = Object.values(server.completions)
        .flat()
        .find((c) => c.id === params.completionId);
      const result = {
        ...(completion ?? makeCompletion({ id: params.completionId, sessionId: 's?' })),
        feedback: body.feedback,
        feedbackText: body.text ?? '',
      };
      if (completion) Object.assign(completion, result);
      return result;
    }),
    route(UploadAttachment, ({ body }) => {
      const name = (body.get('file') as File).name;
      return {
        id: `up-${name}`,
        name,
        url: `/v1/files/up-${name}`,
        size: 10,
        contentType: name.endsWith('.png') ? 'image/png' : 'application/pdf',
      };
    }),
    route(
      SynthesizeSpeech,
      () =>
        new Response(new Blob([FAKE_SPEECH], { type: 'audio/mpeg' }), {
          status: 200,
          headers: { 'Content-Type': 'audio/mpeg' },
        }),
    ),
    route(AskQuestion, ({ request }) => {
      if (server.qa) return answerOf<QaAnswer>(server.qa(seen(request)));
      const answer = new LiveAnswer(request.signal);
      answers.push(answer);
      return new Response(answer.body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }),
  ]);
  return server;
}
