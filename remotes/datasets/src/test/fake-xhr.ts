import { vi } from 'vitest';
import type { EndpointAnswer, EndpointInput } from '@flotilla/shared';
import { checkFakeAnswer, endpointPattern, Refusal } from '@flotilla/shared/test';
import type { UploadEndpoint } from '../lib/upload-with-progress';

/** What a fake upload answers. */
export type FakeUploadAnswer = { status?: number; body?: unknown };

/** An upload as the fake sees it; a held one waits for the test to move it on. */
export type FakeUpload = {
  method: string;
  path: string;
  headers: Record<string, string>;
  form: FormData;
  /** Reports that this share (0..1) of the body went out. */
  progress: (fraction: number) => void;
  /** Answers it (with the handler's answer when none is given). */
  respond: (answer?: FakeUploadAnswer) => void;
  /** Drops the connection. */
  fail: () => void;
};

type Listener = (event: { lengthComputable: boolean; loaded: number; total: number }) => void;

/**
 * Replaces `XMLHttpRequest` with a fake whose uploads the handler answers, with progress events on the
 * way. Uploads answer on their own unless `hold()` was called: then the test moves them on. Undo it
 * with `vi.unstubAllGlobals()`.
 */
export function fakeXhr(
  handler: (upload: Omit<FakeUpload, 'progress' | 'respond' | 'fail'>) => FakeUploadAnswer | undefined,
) {
  const uploads: FakeUpload[] = [];
  let held = false;

  class FakeXMLHttpRequest {
    status = 0;
    statusText = '';
    responseText = '';
    timeout = 0;
    private method = 'GET';
    private path = '';
    private headers: Record<string, string> = {};
    private listeners = new Map<string, Listener[]>();
    private uploadListeners = new Map<string, Listener[]>();
    readonly upload = {
      addEventListener: (type: string, listener: Listener) =>
        this.uploadListeners.set(type, [...(this.uploadListeners.get(type) ?? []), listener]),
    };

    open(method: string, url: string) {
      this.method = method.toUpperCase();
      this.path = new URL(url, 'http://flotilla.test').pathname;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    addEventListener(type: string, listener: Listener) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }

    private emit(map: Map<string, Listener[]>, type: string, loaded = 0, total = 0) {
      for (const listener of map.get(type) ?? []) listener({ lengthComputable: total > 0, loaded, total });
    }

    send(form: FormData) {
      const request = { method: this.method, path: this.path, headers: { ...this.headers }, form };
      const total = 1000;
      let settled = false;
      const upload: FakeUpload = {
        ...request,
        progress: (fraction) => this.emit(this.uploadListeners, 'progress', Math.round(fraction * total), total),
        respond: (given) => {
          if (settled) return;
          settled = true;
          const answer = given ??
            handler(request) ?? { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
          this.status = answer.status ?? 200;
          this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
          this.emit(this.listeners, 'load');
        },
        fail: () => {
          if (settled) return;
          settled = true;
          this.emit(this.listeners, 'error');
        },
      };
      uploads.push(upload);
      if (!held) {
        void Promise.resolve().then(() => {
          upload.progress(0.5);
          upload.progress(1);
          upload.respond();
        });
      }
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return {
    uploads,
    /** From now on uploads wait for the test (`progress`, `respond`). */
    hold: () => {
      held = true;
    },
  };
}

/** An upload as a route of {@link uploadsTo} receives it: the path's params and the form. */
export type FakeUploadCall<E extends UploadEndpoint> = {
  params: NonNullable<EndpointInput<E>['params']>;
  form: FormData;
};

/** One upload route: an endpoint and what it answers (`undefined`: the next route). */
export type FakeUploadRoute = { endpoint: UploadEndpoint; answer: (call: FakeUploadCall<UploadEndpoint>) => unknown };

/** The route of `endpoint`'s uploads, answering its response (typed by the endpoint) or a refusal. */
export function onUpload<E extends UploadEndpoint>(
  endpoint: E,
  answer: (call: FakeUploadCall<E>) => EndpointAnswer<E> | Refusal | undefined,
): FakeUploadRoute {
  return { endpoint, answer: answer as FakeUploadRoute['answer'] };
}

/**
 * A {@link fakeXhr} handler made of upload routes: each upload is matched to its endpoint by method and
 * path (its params decoded), so a fake upload answers only where the server has that call.
 */
export function uploadsTo(routes: readonly FakeUploadRoute[]): Parameters<typeof fakeXhr>[0] {
  const compiled = routes.map((route) => ({ ...route, pattern: endpointPattern(route.endpoint.path) }));
  return ({ method, path, form }) => {
    for (const { endpoint, pattern, answer } of compiled) {
      const match = endpoint.method === method ? pattern.exec(path) : null;
      if (!match) continue;
      const params = Object.fromEntries(
        Object.entries(match.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]),
      );
      const answered = answer({ params, form } as FakeUploadCall<UploadEndpoint>);
      if (answered === undefined) continue;
      if (answered instanceof Refusal) return { status: answered.status, body: answered.body };
      checkFakeAnswer(endpoint, `${method} ${path}`, answered);
      return { body: answered };
    }
    return undefined;
  };
}
