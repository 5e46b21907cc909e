import {
  endpointPath,
  forbidden,
  forcedLogout,
  HttpError,
  LIMITS,
  messageOf,
  type Endpoint,
  type EndpointAnswer,
  type EndpointInput,
} from '@flotilla/shared';

/** A call whose body is a multipart form (a file and its fields). */
export type UploadEndpoint = Endpoint & { bodyAs: 'multipart' };

/** One multipart upload: the call's path params and form, with the auth and language the shared client would send. */
export type UploadRequest<E extends UploadEndpoint> = Pick<EndpointInput<E>, 'params'> & {
  form: FormData;
  /** The bearer token of the auth bus (`$token`); `null` when logged out. */
  token: string | null;
  /** The console's language (`$locale`), sent as `Accept-Language` so errors come back in it. */
  locale: string;
  /** Called with 0..1 as the body goes out. */
  onProgress?: (fraction: number) => void;
};

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends the form of `endpoint` with `XMLHttpRequest`, whose upload events give progress (fetch has none):
 * the same headers, timeout and errors as the shared client (`HttpError`, status 0 for network and
 * timeout). A 401 or 403 goes on the auth bus as the client does; other failures are left to the page,
 * which shows them next to the file.
 */
export function uploadWithProgress<E extends UploadEndpoint>(
  endpoint: E,
  { params, form, token, locale, onProgress }: UploadRequest<E>,
): Promise<EndpointAnswer<E>> {
  return new Promise<EndpointAnswer<E>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, endpointPath(endpoint.path, params as Readonly<Record<string, unknown>> | undefined));
    xhr.timeout = LIMITS.requestTimeoutMs;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', locale);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    });
    xhr.addEventListener('load', () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(body as EndpointAnswer<E>);
        return;
      }
      const message = messageOf(body, xhr.statusText || `HTTP ${xhr.status}`);
      if (xhr.status === 401 && !(body && typeof body === 'object' && 'isLogin' in body)) forcedLogout(message);
      if (xhr.status === 403) forbidden(message);
      const code = (body as { code?: unknown } | null)?.code;
      reject(new HttpError(xhr.status, typeof code === 'string' ? code : `HTTP_${xhr.status}`, message, body));
    });
    xhr.addEventListener('error', () => reject(new HttpError(0, 'NETWORK', 'Network error', null)));
    xhr.addEventListener('timeout', () => reject(new HttpError(0, 'TIMEOUT', 'Request timed out', null)));
    xhr.addEventListener('abort', () => reject(new HttpError(0, 'ABORTED', 'Request cancelled', null)));
    xhr.send(form);
  });
}
