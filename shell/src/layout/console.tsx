// The lazy chunk loaded after login: Semi, the layout and the remotes' areas.
import { SemiLocale } from '@flotilla/shared/ui';
import { AppLayout } from './app-layout';
import { Page } from './page';
import './layout.css';

/** What the content area shows, as decided by the guards. */
export type ConsolePage = { type: 'pending' } | { type: 'notFound' } | { type: 'remote'; owner: string };

export default function Console({ page }: { page: ConsolePage }) {
  return (
    <SemiLocale>
      <AppLayout>
        <Page page={page} />
      </AppLayout>
    </SemiLocale>
  );
}
