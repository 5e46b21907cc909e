import { describe, expect, it } from 'vitest';
import { toFailure } from '../failure';
import { HttpError } from '../http-error';

describe('toFailure', () => {
  it('keeps the status, code and message of an HttpError', () => {
    expect(toFailure(new HttpError(409, 'ROBOT_NAME_TAKEN', 'A robot with this name exists', null))).toEqual({
      status: 409,
      code: 'ROBOT_NAME_TAKEN',
      message: 'A robot with this name exists',
    });
    expect(toFailure(new HttpError(0, 'TIMEOUT', 'Request timed out', null))).toEqual({ status: 0, code: 'TIMEOUT', message: 'Request timed out' });
  });

  it('treats any other rejection as status 0 with code UNKNOWN', () => {
    expect(toFailure(new Error('Boom'))).toEqual({ status: 0, code: 'UNKNOWN', message: 'Boom' });
    expect(toFailure('offline')).toEqual({ status: 0, code: 'UNKNOWN', message: 'offline' });
  });
});
