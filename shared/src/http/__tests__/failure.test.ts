import { describe, expect, it } from 'vitest';
import { failureText, toFailure } from '../failure';
import { HttpError } from '../http-error';

describe('toFailure', () => {
  it('keeps the status, code and message of an HttpError', () => {
    expect(toFailure(new HttpError(409, 'ROBOT_NAME_TAKEN', 'A robot with this name exists', null))).toEqual({
      status: 409,
      code: 'ROBOT_NAME_TAKEN',
      message: 'A robot with this name exists',
    });
    expect(toFailure(new HttpError(0, 'TIMEOUT', 'Request timed out', null))).toEqual({
      status: 0,
      code: 'TIMEOUT',
      message: 'Request timed out',
    });
  });

  it('treats any other rejection as status 0 with code UNKNOWN', () => {
    expect(toFailure(new Error('Boom'))).toEqual({ status: 0, code: 'UNKNOWN', message: 'Boom' });
    expect(toFailure('offline')).toEqual({ status: 0, code: 'UNKNOWN', message: 'offline' });
  });
});

describe('failureText', () => {
  const t = (id: string) => `«${id}»`;

  it("says the network message for status 0 and the server's message otherwise", () => {
    expect(failureText({ status: 0, code: 'TIMEOUT', message: 'Request timed out' }, t)).toBe('«shared.error.network»');
    expect(failureText({ status: 409, code: 'ROBOT_NAME_TAKEN', message: 'A robot with this name exists' }, t)).toBe(
      'A robot with this name exists',
    );
  });

  it("uses an app's own words for its codes and statuses first, and its fallback for an empty message", () => {
    const words = {
      network: 'chat.error.network',
      byCode: { TIMEOUT: 'chat.error.timeout' },
      byStatus: { 402: 'chat.error.noCredits' },
      fallback: 'chat.error.generic',
    };
    expect(failureText({ status: 0, code: 'TIMEOUT', message: 'Request timed out' }, t, words)).toBe(
      '«chat.error.timeout»',
    );
    expect(failureText({ status: 0, code: 'NETWORK', message: 'fetch failed' }, t, words)).toBe('«chat.error.network»');
    expect(failureText({ status: 402, code: 'PAYMENT', message: 'No credits' }, t, words)).toBe(
      '«chat.error.noCredits»',
    );
    expect(failureText({ status: 500, code: 'INTERNAL', message: ' ' }, t, words)).toBe('«chat.error.generic»');
  });
});
