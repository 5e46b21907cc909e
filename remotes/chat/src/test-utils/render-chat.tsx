import './dom-fixes';
import { render } from '@testing-library/react';
import { fork, type Scope, type StoreWritable } from 'effector';
import { Provider } from 'effector-react';
import { StrictMode } from 'react';
import { $locale, i18n, loadCatalogs, type Locale } from '@flotilla/shared';
import { chatCatalogs } from '../app/catalogs';
import type { Draft } from '../features/ask/ui/composer';
import { StandaloneApp } from '../app/standalone-app';
import { $visitorId } from '../features/visitor/visitor.model';

loadCatalogs(chatCatalogs);

/** The visitor of the tests (a stored uuid the page reuses). */
export const VISITOR = '0b7d1c52-8d7e-4f3a-9c1b-2a9e5e0f4d11';

/**
 * Renders the standalone chat page (its own I18nProvider, no router) as opened at `path`, in a
 * fresh effector scope. `visitor` presets the visitor id, as a returning visitor has it; `container`
 * and `draft`: the page's element holding its static markup, and what was typed there.
 */
export function renderStandalone(
  path: string,
  {
    locale = 'en-US',
    visitor,
    container,
    draft,
  }: { locale?: Locale; visitor?: string; container?: HTMLElement; draft?: Draft } = {},
) {
  window.history.replaceState(null, '', path);
  const values: Array<[StoreWritable<unknown>, unknown]> = [[$locale as StoreWritable<unknown>, locale]];
  if (visitor) values.push([$visitorId as StoreWritable<unknown>, visitor]);
  const scope: Scope = fork({ values });
  i18n.activate(locale);
  // StrictMode as on the page: effects run twice in development, and the chat must not mind.
  const result = render(
    <StrictMode>
      <Provider value={scope}>
        <StandaloneApp draft={draft} />
      </Provider>
    </StrictMode>,
    container ? { container } : {},
  );
  return { ...result, scope };
}
