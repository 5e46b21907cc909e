import { vi } from 'vitest';
import type { ChatSession, Completion, QaEvent, Robot, TtsVoiceListResponse } from '@flotilla/shared';
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

/** The audio `POST /v2/tts` answers (a stand-in for mp3 bytes). */
export const FAKE_SPEECH = new Uint8Array([0xff, 0xfb, 0x90, 0x64, 0x00]);

/** What a fake answers: JSON with a status (200 unless given). */
type Answer = { status?: number; body?: unknown };

/** An answer of `POST /v2/qa` being streamed: push events, then end it; `aborted` once the client stopped. */
export class LiveAnswer {
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private readonly encoder = new TextEncoder();
  aborted = false;
  readonly body = new ReadableStream<Uint8Array>({ start: (controller) => void (this.controller = controller) });

  constructor(signal: AbortSignal | undefined) {
    signal?.addEventListener('abort', () => {
      this.aborted = true;
      try {
        this.controller.error(new DOMException('The operation was aborted.', 'AbortError'));
      } catch {
        /* already closed */
      }
    });
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

const json = ({ status = 200, body }: Answer) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function bodyOf(init: RequestInit | undefined): Record<string, unknown> | undefined {
  if (typeof init?.body === 'string') return JSON.parse(init.body) as Record<string, unknown>;
  if (init?.body instanceof FormData) {
    return Object.fromEntries([...init.body.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : (value as File).name]));
  }
  return undefined;
}

/**
 * A fake of the chat's server calls, run by the real http client through a stubbed `fetch`: the
 * share, the chatter's sessions and their completions (newest first, paged), feedback, deletion,
 * uploads, voices and speech, a robot for staff mode, and `POST /v2/qa` answered by a {@link LiveAnswer} the
 * test drives (or by `qa` when set). `failNext` makes the next matching call fail. Undo with
 * `vi.unstubAllGlobals()`.
 */
export function fakeChatServer({
  share = makeShare(),
  sessions = [] as ChatSession[],
  completions = {} as Record<string, Completion[]>,
  robot = makeRobot(),
  voices = { provider: null, voices: [] } as TtsVoiceListResponse,
} = {}) {
  const requests: SeenRequest[] = [];
  const answers: LiveAnswer[] = [];
  const failures: Array<{ method: string; path: RegExp; answer: Answer }> = [];
  let created = 0;
  const server = {
    requests,
    sessions: [...sessions],
    completions: Object.fromEntries(Object.entries(completions).map(([id, list]) => [id, [...list]])),
    /** Answers `POST /v2/qa` differently (an HTTP error…); by default each question gets a new LiveAnswer. */
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
      return requests.filter((r) => (!method || r.method === method) && (!path || path.test(r.path)));
    },
  };

  const route = (request: SeenRequest): Response => {
    const { method, path, query, body } = request;
    const failure = failures.findIndex((f) => f.method === method && f.path.test(path));
    if (failure >= 0) return json(failures.splice(failure, 1)[0]!.answer);
    const page = <T>(list: T[]) => {
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? 20);
      return { list: list.slice(offset, offset + limit), total: list.length };
    };
    let match: RegExpExecArray | null;
    if (method === 'GET' && path === '/v1/share/info') return json({ body: share });
    if (method === 'GET' && path === '/v1/aliyun/tts/voice') return json({ body: voices });
    if (method === 'GET' && (match = /^\/v1\/processes\/([^/]+)$/.exec(path))) {
      return match[1] === robot.processId ? json({ body: robot }) : json({ status: 404, body: { code: 'ROBOT_NOT_FOUND', message: 'Robot not found' } });
    }
    if (method === 'GET' && /^\/v1\/users\/[^/]+\/chat\/session$/.test(path)) return json({ body: page(server.sessions) });
    if (method === 'POST' && path === '/v1/chat/sessions') {
      const session = makeSession({ sessionId: `s-new-${++created}`, title: '' });
      server.sessions.unshift(session);
      return json({ body: session });
    }
    if (method === 'PUT' && path === '/v1/chat/sessions') {
      const session = server.sessions.find((s) => s.sessionId === body?.sessionId);
      if (!session) return json({ status: 404, body: { code: 'SESSION_NOT_FOUND', message: 'Session not found' } });
      session.title = String(body?.title);
      return json({ body: session });
    }
    if (method === 'GET' && (match = /^\/v1\/chat\/users\/[^/]+\/sessions\/([^/]+)\/completions$/.exec(path))) {
      return json({ body: page(server.completions[match[1]!] ?? []) });
    }
    if (method === 'DELETE' && (match = /^\/v1\/users\/[^/]+\/sessions\/([^/]+)\/completions\/([^/]+)$/.exec(path))) {
      const list = server.completions[match[1]!] ?? [];
      const index = list.findIndex((c) => c.id === match![2]);
      if (index < 0) return json({ status: 404, body: { code: 'COMPLETION_NOT_FOUND', message: 'Not found' } });
      list.splice(index, 1);
      return json({ body: { ok: true } });
    }
    if (method === 'PUT' && (match = /^\/v1\/completions\/([^/]+)\/feedback$/.exec(path))) {
      const completion = Object.values(server.completions)
        .flat()
        .find((c) => c.id === match![1]);
      const result = { ...(completion ?? makeCompletion({ id: match[1]!, sessionId: 's?' })), feedback: body?.feedback as Completion['feedback'], feedbackText: String(body?.text ?? '') };
      if (completion) Object.assign(completion, result);
      return json({ body: result });
    }
    if (method === 'POST' && path === '/v2/upload/file') {
      const name = String(body?.file);
      return json({ body: { id: `up-${name}`, name, url: `/v1/files/up-${name}`, size: 10, contentType: name.endsWith('.png') ? 'image/png' : 'application/pdf' } });
    }
    if (method === 'POST' && path === '/v2/tts') return new Response(new Blob([FAKE_SPEECH], { type: 'audio/mpeg' }), { status: 200, headers: { 'Content-Type': 'audio/mpeg' } });
    if (method === 'POST' && path === '/v2/qa') {
      if (server.qa) return json(server.qa(request));
      const answer = new LiveAnswer(request.signal);
      answers.push(answer);
      return new Response(answer.body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }
    return json({ status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } });
  };

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://flotilla.test');
      const request: SeenRequest = { method: (init?.method ?? 'GET').toUpperCase(), path: url.pathname, query: url.searchParams, body: bodyOf(init), signal: init?.signal ?? undefined };
      requests.push(request);
      if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
      return route(request);
    }),
  );
  return server;
}
