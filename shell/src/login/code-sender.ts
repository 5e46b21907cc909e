// A "Send code" button: checks the phone, posts `POST /v1/sms/send` for its purpose, then counts down
// the seconds until the server takes another send (its `resendInSeconds`, or a 429's `retryAfter`).
import type { SmsPurpose } from '@flotilla/shared/contracts';
import { setText } from './light-page';
import { failureMessage, postForm, retryAfterOf, type Translate } from './light-form';
import { phoneError } from './sms-form';

/** What a send came to: a code on its way (valid for so many seconds), or why not. */
export type SendOutcome = { sent: true; expiresInSeconds: number } | { sent: false; message: string };

export type CodeSenderOptions = {
  button: HTMLButtonElement;
  phone: HTMLInputElement;
  purpose: SmsPurpose;
  t: Translate;
  locale: () => string;
  /** The catalog id of what is wrong with the phone, or undefined once it is fine. */
  onPhoneError: (id: string | undefined) => void;
  onOutcome: (outcome: SendOutcome) => void;
};

/** The button's redraw (after a language switch). */
export type CodeSender = { show: () => void };

export function wireCodeSender({
  button,
  phone,
  purpose,
  t,
  locale,
  onPhoneError,
  onOutcome,
}: CodeSenderOptions): CodeSender {
  let sending = false;
  let waitUntil = 0;
  let timer: ReturnType<typeof setInterval> | undefined;

  const secondsLeft = () => Math.max(0, Math.ceil((waitUntil - Date.now()) / 1000));

  const show = () => {
    const seconds = secondsLeft();
    button.disabled = sending || seconds > 0;
    const text = sending
      ? t('shell.sms.sending')
      : seconds > 0
        ? t('shell.sms.resendIn', { seconds })
        : t('shell.sms.send');
    setText(button, text);
  };

  const countDown = (seconds: number) => {
    waitUntil = Date.now() + seconds * 1000;
    clearInterval(timer);
    timer = setInterval(() => {
      if (secondsLeft() === 0) clearInterval(timer);
      show();
    }, 1000);
    show();
  };

  button.addEventListener('click', async () => {
    const wrong = phoneError(phone.value);
    onPhoneError(wrong);
    if (wrong || sending || secondsLeft() > 0) return;
    sending = true;
    show();
    const response = await postForm('/v1/sms/send', { phone: phone.value.trim(), purpose }, locale());
    const body: unknown = response
      ? await response
          .clone()
          .json()
          .catch(() => null)
      : null;
    sending = false;
    const answer = body as { ok?: unknown; expiresInSeconds?: unknown; resendInSeconds?: unknown } | null;
    if (response?.ok && answer?.ok === true && typeof answer.resendInSeconds === 'number') {
      countDown(answer.resendInSeconds);
      onOutcome({ sent: true, expiresInSeconds: Number(answer.expiresInSeconds) || 0 });
      return;
    }
    const retryAfter = response ? retryAfterOf(response, body) : null;
    if (retryAfter) countDown(retryAfter);
    else show();
    onOutcome({ sent: false, message: await failureMessage(response, t, 'shell.sms.retryIn') });
  });

  return { show };
}
