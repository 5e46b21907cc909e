import { describe, expect, it } from 'vitest';
import { sameQuery, toListQuery } from '../lib/list-query';
import { toCreateUserBody, validateNewUser } from '../lib/validate-user';

describe('list query', () => {
  it('leaves empty filters out and maps status to ban', () => {
    expect(toListQuery({ keyword: ' ', role: 'all', status: 'all' }, { page: 1, pageSize: 20 })).toEqual({
      offset: 0,
      limit: 20,
    });
    expect(toListQuery({ keyword: 'x', role: 'admin', status: 'frozen' }, { page: 2, pageSize: 50 })).toEqual({
      offset: 50,
      limit: 50,
      keyword: 'x',
      role: 'admin',
      ban: true,
    });
    expect(sameQuery({ offset: 0, limit: 20 }, { offset: 0, limit: 20, ban: false })).toBe(false);
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
