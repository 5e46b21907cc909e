import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { RegisterBodySchema, STORAGE_KEYS, type User } from '@flotilla/shared';
import { sessionUser } from '@flotilla/shared/test';
import { zhCN } from '../../locales/zh-CN';
import { validateRegister, type RegisterFields } from '../register-form';
import { startRegisterPage } from '../register-page';

const user: User = { ...sessionUser('operator'), nickname: 'Newcomer' };
const REGISTER_HTML = readFileSync(join(import.meta.dirname, '../../../register.html'), 'utf8');
const VALID_INFO = { valid: true, tenantName: 'Acme', refereeReward: 12 };

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The page as the server sends it: the static markup of register.html, before its script runs. */
function showStaticPage(url: string) {
  window.history.replaceState(null, '', url);
  document.body.innerHTML = new DOMParser().parseFromString(REGISTER_HTML, 'text/html').body.innerHTML;
}

/**
 * A server: `GET /v1/register/info` answers `info`, `POST /v1/sms/send` answers `sent`, `POST /v1/register`
 * answers `registered`; every call is recorded.
 */
function serve(
  info: unknown,
  registered: () => Response = () => json(200, { token: 'tok-1', user }),
  sent: () => Response = () => json(200, { ok: true, expiresInSeconds: 300, resendInSeconds: 60 }),
) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
    url.startsWith('/v1/register/info') ? json(200, info) : url === '/v1/sms/send' ? sent() : registered(),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderRegister(url = '/register?ref=ABCD2345') {
  showStaticPage(url);
  const navigate = vi.fn();
  startRegisterPage(document, navigate);
  return navigate;
}

function fill(label: RegExp, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

function fillValidForm() {
  fill(/^username$/i, 'new.comer');
  fill(/^name$/i, 'Newcomer');
  fill(/^phone$/i, '139 0000 0001');
  fill(/^password$/i, 'newcomer-password-1');
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.locale, 'en-US');
});
afterEach(() => {
  document.body.innerHTML = '';
  document.body.removeAttribute('theme-mode');
  vi.unstubAllGlobals();
});

describe('the static page', () => {
  it('says in zh-CN what the catalog says, for every text the script translates', () => {
    showStaticPage('/register');
    const texts = [...document.querySelectorAll<HTMLElement>('[data-i18n]')].filter((element) => element.textContent);
    expect(texts.length).toBeGreaterThan(8);
    for (const element of texts)
      expect(element.textContent, element.dataset.i18n).toBe(zhCN[element.dataset.i18n ?? '']);
    for (const element of document.querySelectorAll<HTMLElement>('[data-i18n-placeholder]'))
      expect(element.getAttribute('placeholder')).toBe(zhCN[element.dataset.i18nPlaceholder ?? '']);
  });

  it('takes typing at once and waits for the script to register', () => {
    showStaticPage('/register');
    expect((screen.getByLabelText('手机号') as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: '注册' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the invitation code', () => {
  it('is taken from ?ref=, checked, and its tenant and reward are shown', async () => {
    const fetchMock = serve(VALID_INFO);
    renderRegister();
    expect((screen.getByLabelText(/invitation code/i) as HTMLInputElement).value).toBe('ABCD2345');
    expect(await screen.findByText('You are invited to join Acme. You get 12 credits when you register.')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/v1/register/info?ref=ABCD2345');
  });

  it('says no reward when the programme gives none', async () => {
    serve({ ...VALID_INFO, refereeReward: 0 });
    renderRegister();
    expect(await screen.findByText('You are invited to join Acme.')).toBeTruthy();
  });

  it('says plainly when the code does not work, and when there is none', async () => {
    serve({ valid: false });
    renderRegister();
    const notice = await screen.findByText(/does not work/);
    expect(notice.dataset.state).toBe('invalid');
    document.body.innerHTML = '';
    renderRegister('/register');
    expect(screen.getByTestId('register-notice').textContent).toBe(
      'There is no invitation code. Open this page from the link you were sent.',
    );
  });

  it('is checked again when the visitor changes it', async () => {
    const fetchMock = serve({ valid: false });
    renderRegister();
    await screen.findByText(/does not work/);
    fetchMock.mockImplementation(async () => json(200, VALID_INFO));
    const input = screen.getByLabelText(/invitation code/i);
    fireEvent.input(input, { target: { value: 'WXYZ6789' } });
    fireEvent.change(input);
    expect(await screen.findByText(/You are invited to join Acme/)).toBeTruthy();
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/v1/register/info?ref=WXYZ6789');
  });
});

describe('registering', () => {
  it('posts the form, stores the session and opens the console', async () => {
    const fetchMock = serve(VALID_INFO);
    const navigate = renderRegister();
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/robot'));
    const post = fetchMock.mock.calls.find(([url]) => url === '/v1/register');
    expect(post?.[1]?.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(String(post?.[1]?.body)))).toEqual({
      username: 'new.comer',
      nickname: 'Newcomer',
      phone: '139 0000 0001',
      password: 'newcomer-password-1',
      ref: 'ABCD2345',
    });
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(localStorage.getItem('userId')).toBe(user.id);
  });

  it('checks the fields before posting, in the language chosen', async () => {
    const fetchMock = serve(VALID_INFO);
    renderRegister();
    fill(/^username$/i, 'x');
    fill(/^phone$/i, 'call me');
    fill(/^password$/i, 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('A username is 3–64 letters, digits or _ . @ -')).toBeTruthy();
    expect(screen.getByText('name cannot be empty')).toBeTruthy();
    expect(screen.getByText('Enter a phone number (digits, may start with +)')).toBeTruthy();
    expect(screen.getByText('A password has at least 8 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '中文' }));
    expect(await screen.findByText('姓名不能为空')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/v1/register')).toBe(false);
  });

  it("shows the server's refusal under the field it names", async () => {
    serve(VALID_INFO, () =>
      json(422, {
        detail: [{ loc: ['body', 'phone'], msg: 'This phone number is already registered', type: 'PHONE_TAKEN' }],
      }),
    );
    const navigate = renderRegister();
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('This phone number is already registered')).toBeTruthy();
    expect(screen.getByLabelText(/^phone$/i).getAttribute('aria-invalid')).toBe('true');
    expect(navigate).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Register' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says how long to wait when registrations from here are limited, and other refusals above the button', async () => {
    serve(VALID_INFO, () => json(429, { code: 'RATE_LIMITED', message: 'Too many requests', retryAfter: 30 }));
    renderRegister();
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Too many registrations from here, please try again in 30 s')).toBeTruthy();

    serve(VALID_INFO, () => json(409, { code: 'USERNAME_TAKEN', message: 'This username is taken' }));
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('This username is taken')).toBeTruthy();
  });
});

describe('the phone code', () => {
  const REQUIRED = { ...VALID_INFO, phoneCodeRequired: true };
  const posted = (fetchMock: ReturnType<typeof serve>, url: string) =>
    fetchMock.mock.calls
      .filter(([called]) => called === url)
      .map(([, init]) => Object.fromEntries(new URLSearchParams(String(init?.body))));

  it('stays hidden when the programme requires none, and nothing is sent', async () => {
    const fetchMock = serve({ ...VALID_INFO, phoneCodeRequired: false });
    const navigate = renderRegister();
    await screen.findByText(/You are invited to join Acme/);
    expect(screen.getByLabelText('SMS code').closest('[hidden]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull();
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/robot'));
    expect(posted(fetchMock, '/v1/register')[0]).not.toHaveProperty('smsCode');
    expect(posted(fetchMock, '/v1/sms/send')).toEqual([]);
  });

  it('appears when required: sends a register code to the phone, counts down and posts the code', async () => {
    const fetchMock = serve(REQUIRED);
    const navigate = renderRegister();
    const send = await screen.findByRole('button', { name: 'Send code' });
    const input = screen.getByRole('textbox', { name: 'SMS code' });
    fillValidForm();
    fireEvent.click(send);
    expect(await screen.findByText('Code sent; it is valid for 5 min')).toBeTruthy();
    expect(posted(fetchMock, '/v1/sms/send')).toEqual([{ phone: '139 0000 0001', purpose: 'register' }]);
    expect(send.textContent).toBe('Resend in 60 s');
    expect((send as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement).toBe(input);

    fireEvent.input(input, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/robot'));
    expect(posted(fetchMock, '/v1/register')[0]).toMatchObject({ phone: '139 0000 0001', smsCode: '123456' });
  });

  it('checks the phone before sending, and the code before registering', async () => {
    const fetchMock = serve(REQUIRED);
    renderRegister();
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter a valid phone number')).toBeTruthy();
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('The code is 6 digits')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'SMS code' }).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.filter(([url]) => url !== '/v1/register/info?ref=ABCD2345')).toEqual([]);
  });

  it("shows the server's refusal of the code under the code field", async () => {
    serve(REQUIRED, () =>
      json(422, { detail: [{ loc: ['body', 'smsCode'], msg: 'Wrong or expired code', type: 'SMS_CODE_INVALID' }] }),
    );
    const navigate = renderRegister();
    fillValidForm();
    fireEvent.input(await screen.findByRole('textbox', { name: 'SMS code' }), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    const message = await screen.findByText('Wrong or expired code');
    const input = screen.getByRole('textbox', { name: 'SMS code' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(message.id);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('the form rules', () => {
  it("accept exactly what the server's schema accepts", () => {
    const base = { ref: 'ABCD2345', username: 'new.comer', nickname: 'N', phone: '+86 139-0000-0001' };
    const cases: Array<Record<string, string>> = [
      { ...base, password: '12345678' },
      { ref: 'ABCD2345', username: 'ab', nickname: 'N', phone: '139', password: '12345678' },
      { ref: 'AB-CD', username: 'abc', nickname: 'N', phone: '139', password: '12345678' },
      { ref: 'ABCD', username: 'abc', nickname: 'N', phone: '-139', password: '12345678' },
      { ref: 'ABCD', username: 'abc', nickname: 'N', phone: '139', password: '1234567' },
      { ref: 'ABCD', username: 'a b c', nickname: 'N', phone: '139', password: '12345678' },
      // With a phone code (the programme requires one).
      { ...base, password: '12345678', smsCode: '012345' },
      { ...base, password: '12345678', smsCode: '12345' },
      { ...base, password: '12345678', smsCode: '1234567' },
      { ...base, password: '12345678', smsCode: '12345a' },
    ];
    // The schema's own string rules (pattern and lengths) of each field; an optional one may be left out.
    const schemaAccepts = (fields: Record<string, string>) =>
      Object.entries(RegisterBodySchema.properties).every(([name, rule]) => {
        const value = fields[name];
        if (value === undefined) return !(RegisterBodySchema.required as string[]).includes(name);
        const {
          pattern,
          minLength = 0,
          maxLength = Infinity,
        } = rule as { pattern?: string; minLength?: number; maxLength?: number };
        return value.length >= minLength && value.length <= maxLength && (!pattern || new RegExp(pattern).test(value));
      });
    const outcomes = cases.map(
      (fields) =>
        Object.keys(
          validateRegister({ smsCode: '', ...fields } as RegisterFields, {
            codeRequired: fields.smsCode !== undefined,
          }),
        ).length === 0,
    );
    expect(outcomes).toEqual(cases.map(schemaAccepts));
    expect(outcomes.filter(Boolean)).toHaveLength(2);
  });
});

describe('settings', () => {
  it('shows the dark theme the console saved, and the language saved', async () => {
    localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify({ theme: 'dark' }));
    localStorage.setItem(STORAGE_KEYS.locale, 'zh-CN');
    serve(VALID_INFO);
    renderRegister();
    expect(document.body.getAttribute('theme-mode')).toBe('dark');
    expect(await screen.findByText('你受邀加入「Acme」。 注册即得 12 额度。')).toBeTruthy();
  });
});
