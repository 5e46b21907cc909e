import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SmsCodeSchema, SmsPhoneSchema, SmsResetPasswordBodySchema, STORAGE_KEYS, type User } from '@flotilla/shared';
import { sessionUser } from '@flotilla/shared/test';
import { startLoginPage } from '../login-page';
import { SMS_RULES } from '../sms-form';

const user: User = { ...sessionUser('operator'), nickname: 'Operator' };
const LOGIN_HTML = readFileSync(join(import.meta.dirname, '../../../login.html'), 'utf8');
const SENT = { ok: true, expiresInSeconds: 300, resendInSeconds: 60 };

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fake server: each path answers what `answers` says; every call is recorded. */
function serve(answers: Record<string, () => Response>) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    const answer = answers[url];
    if (!answer) throw new Error(`unexpected ${url}`);
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    bodies: (url: string) =>
      fetchMock.mock.calls.filter(([called]) => called === url).map(([, init]) => String(init?.body)),
  };
}

function renderLogin(url = '/login?redirect=dataset') {
  window.history.replaceState(null, '', url);
  document.body.innerHTML = new DOMParser().parseFromString(LOGIN_HTML, 'text/html').body.innerHTML;
  const navigate = vi.fn();
  startLoginPage(document, navigate);
  return navigate;
}

/** Types into the field of the shown form labelled `label` (the hidden forms have fields of the same names). */
function fill(label: string, value: string) {
  const field = screen.getAllByLabelText(label).find((element) => !element.closest('[hidden]'));
  if (!field) throw new Error(`No shown field "${label}"`);
  fireEvent.input(field, { target: { value } });
}

function codeTab() {
  fireEvent.click(screen.getByRole('tab', { name: 'With a code' }));
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.locale, 'en-US');
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the login tabs', () => {
  it('switch between the password and the code form, by click and by arrow keys', () => {
    renderLogin();
    const password = screen.getByRole('tab', { name: 'With a password' });
    expect(password.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').id).toBe('fl-login-form');
    codeTab();
    expect(screen.getByRole('tab', { name: 'With a code' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').id).toBe('fl-sms-form');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Username' })).toBeNull();

    fireEvent.keyDown(screen.getByRole('tab', { name: 'With a code' }), { key: 'ArrowLeft' });
    expect(password.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(password);
    expect(password.tabIndex).toBe(0);
    expect(screen.getByRole('textbox', { name: 'Username' })).toBeTruthy();
  });

  it('are in Chinese on the static page and after the switch to Chinese', () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: '中文' }));
    fireEvent.click(screen.getByRole('tab', { name: '验证码登录' }));
    expect(screen.getByRole('button', { name: '发送验证码' })).toBeTruthy();
    expect(screen.getByRole('tablist', { name: '登录方式' })).toBeTruthy();
  });
});

describe('logging in with a code', () => {
  it('sends a code and counts down the 60 s before another can be sent', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const server = serve({ '/v1/sms/send': () => json(200, SENT) });
    renderLogin();
    codeTab();
    fill('Phone', ' 13800000000 ');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const waiting = await screen.findByRole('button', { name: 'Resend in 60 s' });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Code sent; it is valid for 5 min')).toBeTruthy();
    expect(server.bodies('/v1/sms/send')).toEqual(['phone=13800000000&purpose=login']);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Code' }));

    vi.advanceTimersByTime(59_000);
    expect(screen.getByRole('button', { name: 'Resend in 1 s' })).toBeTruthy();
    vi.advanceTimersByTime(1_000);
    expect((screen.getByRole('button', { name: 'Send code' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('asks for a valid phone before sending, and for 6 digits before logging in', async () => {
    const server = serve({});
    renderLogin();
    codeTab();
    fill('Phone', 'call me');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter a valid phone number')).toBeTruthy();
    fill('Code', '12a');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('The code is 6 digits')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Code' }).getAttribute('aria-invalid')).toBe('true');
    expect(server.bodies('/v1/sms/send')).toEqual([]);
  });

  it('says how long to wait when sending is throttled, and counts that down', async () => {
    serve({
      '/v1/sms/send': () => json(429, { code: 'SMS_THROTTLED', message: 'Too many codes', retryAfter: 42 }),
    });
    renderLogin();
    codeTab();
    fill('Phone', '13800000000');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Too many tries, please try again in 42 s')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Resend in 42 s' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('logs in as the password login does: the same session keys and the same redirect', async () => {
    const server = serve({ '/v1/sms/valid': () => json(200, { token: 'tok-sms', user }) });
    const navigate = renderLogin('/login?redirect=dataset&keyword=faq');
    codeTab();
    fill('Phone', '13800000000');
    fill('Code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dataset?keyword=faq'));
    expect(server.bodies('/v1/sms/valid')).toEqual(['phone=13800000000&code=123456']);
    expect(localStorage.getItem('token')).toBe('tok-sms');
    expect(JSON.parse(localStorage.getItem('user-state') ?? 'null')).toEqual(user);
    expect(localStorage.getItem('userId')).toBe(user.id);
  });

  it('says a wrong or expired code is wrong, clears the token and lets the visitor try again', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'stale');
    serve({ '/v1/sms/valid': () => json(401, { code: 'SMS_CODE_INVALID', message: 'nope', isLogin: false }) });
    const navigate = renderLogin();
    codeTab();
    fill('Phone', '13800000000');
    fill('Code', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('The code is wrong or has expired; check it or send a new one')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("shows the server's own message for other refusals, such as a phone two accounts share", async () => {
    serve({
      '/v1/sms/valid': () =>
        json(401, { code: 'SMS_PHONE_SHARED', message: 'This phone belongs to several accounts', isLogin: false }),
    });
    renderLogin();
    codeTab();
    fill('Phone', '13800000000');
    fill('Code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('This phone belongs to several accounts')).toBeTruthy();
  });
});

describe('resetting a password with a code', () => {
  it('sends a reset code, checks the new password twice, resets and says so on the password tab', async () => {
    const server = serve({
      '/v1/sms/send': () => json(200, SENT),
      '/v1/password/reset': () => json(200, { ok: true }),
    });
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const title = screen.getByRole('heading', { name: 'Reset your password' });
    expect(document.activeElement).toBe(title);
    expect(screen.queryByRole('tablist')).toBeNull();
    fill('Phone', '13800000000');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: 'Resend in 60 s' });
    expect(server.bodies('/v1/sms/send')).toEqual(['phone=13800000000&purpose=reset']);

    fill('Code', '654321');
    fill('New password', 'short');
    fill('Repeat the new password', 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('A password has at least 8 characters')).toBeTruthy();
    expect(screen.getByText('The two passwords differ')).toBeTruthy();
    expect(server.bodies('/v1/password/reset')).toEqual([]);

    fill('New password', 'new-secret-1');
    fill('Repeat the new password', 'new-secret-1');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Your password has been reset; log in with the new one')).toBeTruthy();
    expect(server.bodies('/v1/password/reset')).toEqual(['phone=13800000000&code=654321&password=new-secret-1']);
    expect(screen.getByRole('tab', { name: 'With a password' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Username' }));
  });

  it('says a wrong code is wrong and stays on the form; "Back to login" leaves it', async () => {
    serve({ '/v1/password/reset': () => json(401, { code: 'SMS_CODE_INVALID', message: 'nope' }) });
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    fill('Phone', '13800000000');
    fill('Code', '111111');
    fill('New password', 'new-secret-1');
    fill('Repeat the new password', 'new-secret-1');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('The code is wrong or has expired; check it or send a new one')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.queryByRole('heading', { name: 'Reset your password' })).toBeNull();
    expect(screen.getByRole('tabpanel').id).toBe('fl-login-form');
  });
});

describe('the SMS rules', () => {
  it('are the server schemas restated', () => {
    expect(SMS_RULES.phone.source).toBe(SmsPhoneSchema.pattern);
    expect(SMS_RULES.phoneMin).toBe(SmsPhoneSchema.minLength);
    expect(SMS_RULES.phoneMax).toBe(SmsPhoneSchema.maxLength);
    expect(SMS_RULES.code.source).toBe(SmsCodeSchema.pattern);
    expect(SMS_RULES.passwordMin).toBe(SmsResetPasswordBodySchema.properties.password.minLength);
    expect(SMS_RULES.passwordMax).toBe(SmsResetPasswordBodySchema.properties.password.maxLength);
  });
});
