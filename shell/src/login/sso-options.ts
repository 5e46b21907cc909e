// The login page's single sign-on buttons: one per provider `GET /v1/oidc` answers, fetched after the first
// paint; nothing shows when there is none or the call fails. A button goes to the provider's authorization
// URL, from where the browser comes back on the console's callback (sso-callback-page.tsx). Plain DOM.
import { byId, setText } from './light-page';
import type { Translate } from './light-form';

/** A login option as the page uses it (the contract's OidcLoginOption, checked by hand: no TypeBox here). */
export type SsoOption = { id: string; name: string; authorizationUrl: string };

/** The options of a `GET /v1/oidc` answer; anything malformed is left out. */
export function asSsoOptions(body: unknown): SsoOption[] {
  const list = (body as { list?: unknown } | null)?.list;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (item): item is SsoOption =>
      typeof item?.id === 'string' &&
      typeof item.name === 'string' &&
      typeof item.authorizationUrl === 'string' &&
      /^https?:\/\//i.test(item.authorizationUrl),
  );
}

export type SsoButtons = { show: () => void };

/**
 * Fetches the options and fills `#fl-sso` with those of `providers` (all when undefined); `show` redraws the
 * buttons' texts after a language switch.
 */
export function wireSsoOptions(
  doc: Document,
  {
    t,
    locale,
    go,
    providers,
  }: { t: Translate; locale: () => string; go: (url: string) => void; providers?: readonly string[] },
): SsoButtons {
  const section = byId(doc, 'fl-sso');
  const list = byId(doc, 'fl-sso-list');
  let options: SsoOption[] = [];

  const show = () => {
    section.hidden = options.length === 0;
    for (const [index, button] of [...list.querySelectorAll<HTMLButtonElement>('button')].entries())
      setText(button, t('shell.sso.signInWith', { name: options[index]?.name ?? '' }));
  };

  const load = async () => {
    try {
      const response = await fetch('/v1/oidc', {
        headers: { Accept: 'application/json', 'Accept-Language': locale() },
      });
      const all = response.ok ? asSsoOptions(await response.json()) : [];
      options = providers ? all.filter((option) => providers.includes(option.id)) : all;
    } catch {
      options = [];
    }
    list.replaceChildren(
      ...options.map((option) => {
        const button = doc.createElement('button');
        button.type = 'button';
        button.className = 'fl-login__sso-button';
        button.dataset.provider = option.id;
        button.addEventListener('click', () => go(option.authorizationUrl));
        return button;
      }),
    );
    show();
  };
  void load();
  return { show };
}
