// The "Code" tab: a phone, a code sent to it, and `POST /v1/sms/valid`, whose answer is the form login's: the
// session is stored and the page goes where the password login goes.
import { STORAGE_KEYS, writeStorage } from '@flotilla/shared';
import { afterLoginPath } from '../router/guard';
import { wireCodeForm } from './code-form';
import { asSession, storeSession } from './light-page';
import { postForm, type Translate } from './light-form';
import { validateCodeLogin } from './sms-form';

export type CodeLoginOptions = { t: Translate; locale: () => string; navigate: (path: string) => void };

/** Makes the code form of `doc` work; answers its redraw (after a language switch). */
export function wireCodeLogin(doc: Document, { t, locale, navigate }: CodeLoginOptions): { show: () => void } {
  return wireCodeForm(doc, {
    prefix: 'fl-sms',
    fields: ['phone', 'code'],
    purpose: 'login',
    submitLabels: ['shell.login.submit', 'shell.login.submitting'],
    validate: ({ phone, code }) => validateCodeLogin({ phone: phone.trim(), code: code.trim() }),
    send: async ({ phone, code }) => {
      const response = await postForm('/v1/sms/valid', { phone: phone.trim(), code: code.trim() }, locale());
      const session = response?.ok ? asSession(await response.json().catch(() => null)) : null;
      if (session) {
        storeSession(session);
        navigate(afterLoginPath(window.location.search));
        return true;
      }
      writeStorage(STORAGE_KEYS.token, null);
      return response;
    },
    t,
    locale,
  });
}
