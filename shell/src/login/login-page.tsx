// No Semi here: the login route has a budget of 250 KB gzipped JS (plain React + login.css).
import { useState, type FormEvent } from 'react';
import { useUnit } from 'effector-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { $locale, HttpError, http, LOCALES, localeChanged, loggedIn, loginFailed, useT, type ErrorResponse, type LoginResponse } from '@flotilla/shared';
import { useRouteSettled } from '../progress/route-progress';
import { afterLoginPath } from '../router/guard';
import { usePageTitle } from '../router/page-title';
import { validateLogin, type LoginErrors } from './login-form';
import './login.css';

/** `/login`, `/guoguo/login`, `/bcds/login`: username and password; both fields are required. */
export function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const locale = useUnit($locale);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  usePageTitle('route.login');
  useRouteSettled(true, location.key);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin({ username, password });
    setErrors(found);
    setServerError(null);
    if (found.username || found.password) return;
    setSubmitting(true);
    try {
      const { token, user } = await http.post<LoginResponse>('/v1/login', { form: { username: username.trim(), password }, silent: true });
      loggedIn({ user, token });
      navigate(afterLoginPath(location.search), { replace: true });
    } catch (error) {
      loginFailed();
      const known = error instanceof HttpError && error.status !== 0 && error.message;
      // A throttled login says how long to wait (the server's 429 carries the seconds).
      const retryAfter = error instanceof HttpError && error.status === 429 ? (error.body as Partial<ErrorResponse> | null)?.retryAfter : undefined;
      setServerError(retryAfter ? t('shell.login.retryIn', { seconds: retryAfter }) : known ? error.message : t('shell.login.networkError'));
      setSubmitting(false);
    }
  };

  return (
    <div className="fl-login">
      <nav className="fl-login__locales" aria-label={t('shell.locale.label')}>
        {LOCALES.map((code) => (
          <button key={code} type="button" className="fl-login__locale" aria-pressed={locale === code} onClick={() => localeChanged(code)}>
            {t(`shell.locale.${code}`)}
          </button>
        ))}
      </nav>
      <main className="fl-login__card">
        <h1 className="fl-login__title">{t('shell.product')}</h1>
        <p className="fl-login__subtitle">{t('shell.login.subtitle')}</p>
        <form className="fl-login__form" onSubmit={submit} noValidate>
          <label className="fl-login__label" htmlFor="fl-login-username">
            {t('shell.login.username')}
          </label>
          <input
            id="fl-login-username"
            name="username"
            className="fl-login__input"
            autoComplete="username"
            placeholder={t('shell.login.usernamePlaceholder')}
            value={username}
            aria-invalid={Boolean(errors.username)}
            aria-describedby={errors.username ? 'fl-login-username-error' : undefined}
            onChange={(event) => {
              setUsername(event.target.value);
              setErrors((current) => ({ ...current, username: undefined }));
            }}
          />
          <div id="fl-login-username-error" className="fl-login__error" role={errors.username ? 'alert' : undefined}>
            {errors.username ? t(errors.username) : null}
          </div>
          <label className="fl-login__label" htmlFor="fl-login-password">
            {t('shell.login.password')}
          </label>
          <input
            id="fl-login-password"
            name="password"
            type="password"
            className="fl-login__input"
            autoComplete="current-password"
            placeholder={t('shell.login.passwordPlaceholder')}
            value={password}
            aria-invalid={Boolean(errors.password)}
            aria-describedby={errors.password ? 'fl-login-password-error' : undefined}
            onChange={(event) => {
              setPassword(event.target.value);
              setErrors((current) => ({ ...current, password: undefined }));
            }}
          />
          <div id="fl-login-password-error" className="fl-login__error" role={errors.password ? 'alert' : undefined}>
            {errors.password ? t(errors.password) : null}
          </div>
          {serverError && (
            <div className="fl-login__server-error" role="alert" data-testid="login-error">
              {serverError}
            </div>
          )}
          <button type="submit" className="fl-login__submit" disabled={submitting}>
            {submitting ? t('shell.login.submitting') : t('shell.login.submit')}
          </button>
        </form>
      </main>
      <footer className="fl-login__footer">{t('shell.footer', { year: new Date().getFullYear() })}</footer>
    </div>
  );
}
