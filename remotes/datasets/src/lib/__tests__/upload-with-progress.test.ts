import { createWatch } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forcedLogout, HttpError, UploadDatasetFile } from '@flotilla/shared';
import { fakeXhr } from '../../test/fake-xhr';
import { uploadWithProgress } from '../upload-with-progress';

afterEach(() => {
  vi.unstubAllGlobals();
});

const send = (onProgress?: (fraction: number) => void, datasetId = 'd1') =>
  uploadWithProgress(UploadDatasetFile, {
    params: { id: datasetId },
    form: new FormData(),
    token: 'abc',
    locale: 'zh-CN',
    onProgress,
  });

describe('upload with progress', () => {
  it('sends the token and language, reports progress and answers the body', async () => {
    const { uploads } = fakeXhr(() => ({ body: { id: 'f1' } }));
    const progress: number[] = [];
    await expect(send((fraction) => progress.push(fraction))).resolves.toEqual({ id: 'f1' });
    expect(uploads[0]!.headers).toEqual({
      Accept: 'application/json',
      'Accept-Language': 'zh-CN',
      Authorization: 'Bearer abc',
    });
    expect(progress).toEqual([0.5, 1, 1]);
  });

  it("posts to the endpoint's path with its params encoded", async () => {
    const { uploads } = fakeXhr(() => ({ body: { id: 'f1' } }));
    await send(undefined, 'd 1/2');
    expect(uploads.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /v1/datasets/d%201%2F2/files']);
  });

  it('rejects with the first 422 detail, like the shared client', async () => {
    fakeXhr(() => ({
      status: 422,
      body: { detail: [{ loc: ['body', 'file'], msg: 'Unsupported file', type: 'file' }] },
    }));
    const error = await send().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 422, code: 'HTTP_422', message: 'Unsupported file' });
  });

  it('reports a 401 on the auth bus and a dropped connection as status 0', async () => {
    const expired = vi.fn();
    const unwatch = createWatch({ unit: forcedLogout, fn: expired });
    const { uploads, hold } = fakeXhr(() => ({
      status: 401,
      body: { code: 'UNAUTHENTICATED', message: 'Session expired' },
    }));
    await expect(send()).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(expired).toHaveBeenCalledWith('Session expired');
    unwatch();

    hold();
    const pending = send();
    uploads[1]!.fail();
    await expect(pending).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
