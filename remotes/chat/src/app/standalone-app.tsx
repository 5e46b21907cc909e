import { i18n } from '@flotilla/shared';
import { I18nProvider } from '@lingui/react';
import { ChatRoutes } from './chat-routes';
import { LocaleSwitch } from '../ui/locale-switch';

/** The standalone page's tree below the router: its own i18n provider, the routes and the language switch. */
export function StandaloneApp() {
  return (
    <I18nProvider i18n={i18n}>
      <ChatRoutes standalone headerExtra={<LocaleSwitch />} />
    </I18nProvider>
  );
}
