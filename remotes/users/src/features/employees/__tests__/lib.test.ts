import { describe, expect, it } from 'vitest';
import { NO_FILTERS, phoneDigits, sameQuery, toListQuery } from '../lib/list-query';
import { toCreateUserBody, validateNewUser } from '../lib/validate-user';

describe('list query', () => {
  it('leaves empty filters out and maps status to ban', () => {
    expect(toListQuery({ ...NO_FILTERS, keyword: ' ' }, { page: 1, pageSize: 20 })).toEqual({
      offset: 0,
      limit: 20,
    });
    expect(
      toListQuery({ ...NO_FILTERS, keyword: 'x', role: 'admin', status: 'frozen' }, { page: 2, pageSize: 50 }),
    ).toEqual({
      offset: 50,
      limit: 50,
      keyword: 'x',
      role: 'admin',
      ban: true,
    });
    expect(sameQuery({ offset: 0, limit: 20 }, { offset: 0, limit: 20, ban: false })).toBe(false);
  });

  it('sends phone digits, the agent flag and the order', () => {
    const filters = {
      ...NO_FILTERS,
      phone: phoneDigits('+86 138-00'),
      agent: 'others' as const,
      sort: 'usernameDesc' as const,
    };
    expect(toListQuery(filters, { page: 1, pageSize: 20 })).toEqual({
      offset: 0,
      limit: 20,
      phone: '8613800',
      isAgent: false,
      sort: 'username',
      order: 'desc',
    });
    expect(toListQuery({ ...NO_FILTERS, agent: 'agents', sort: 'oldest' }, { page: 1, pageSize: 10 })).toEqual({
      offset: 0,
      limit: 10,
      isAgent: true,
      sort: 'createdAt',
      order: 'asc',
    });
  });
});

describe('new user validation', () => {
  it('names every wrong field', () => {
    expect(validateNewUser({ username: 'ab', nickname: ' ', password: 'short', phone: 'abc' })).toEqual({
      username: 'users.create.error.usernameLength',
      nickname: 'users.create.error.nicknameRequired',
      password: 'users.create.error.passwordLength',
      phone: 'users.create.error.phoneInvalid',
      role: 'users.create.error.roleRequired',
    });
    expect(validateNewUser({ username: 'bad name' }).username).toBe('users.create.error.usernameChars');
    expect(validateNewUser({}).username).toBe('users.create.error.usernameRequired');
  });

  it('accepts a valid form and builds the body', () => {
    const values = {
      username: ' jo.doe@x ',
      nickname: ' Jo ',
      phone: '',
      password: '12345678',
      role: 'agent' as const,
      isAgent: true,
    };
    expect(validateNewUser(values)).toEqual({});
    expect(toCreateUserBody(values)).toEqual({
      username: 'jo.doe@x',
      nickname: 'Jo',
      password: '12345678',
      role: 'agent',
      isAgent: true,
    });
  });
});
