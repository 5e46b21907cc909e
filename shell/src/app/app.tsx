import { I18nProvider } from '@lingui/react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { i18n } from '@flotilla/shared';

export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>
  );
}
