// The lazy chunk loaded after login: Semi, the layout and the remotes' areas.
import { Spin } from '@flotilla/shared/ui/semi';
import { SemiLocale } from '@flotilla/shared/ui';
import { useT } from '@flotilla/shared';
import { RemoteArea } from '../federation/remote-area';
import { AppLayout } from './app-layout';
import { NotFound } from './not-found';
import './layout.css';

/** What the content area shows, as decided by the guards. */
export type ConsolePage = { type: 'pending' } | { type: 'notFound' } | { type: 'remote'; owner: string };

function Page({ page }: { page: ConsolePage }) {
  const t = useT();
  switch (page.type) {
    case 'pending':
      return <Spin size="large" tip={t('shell.loading')} wrapperClassName="fl-console__pending" style={{ width: '100%', padding: 48 }} />;
    case 'notFound':
      return <NotFound />;
    case 'remote':
      // Keyed by remote: entering another area mounts that remote; moving inside one area keeps it.
      return <RemoteArea key={page.owner} name={page.owner} />;
  }
}

export default function Console({ page }: { page: ConsolePage }) {
  return (
    <SemiLocale>
      <AppLayout>
        <Page page={page} />
      </AppLayout>
    </SemiLocale>
  );
}
