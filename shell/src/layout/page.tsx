import { Spin } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { RemoteArea } from '../federation/remote-area';
import { NotFound } from './not-found';
import type { ConsolePage } from './console';

/** The content area for what the guards decided: a spinner while pending, not found, or the remote's area. */
export function Page({ page }: { page: ConsolePage }) {
  const t = useT();
  switch (page.type) {
    case 'pending':
      return (
        <Spin
          size="large"
          tip={t('shell.loading')}
          wrapperClassName="fl-console__pending"
          style={{ width: '100%', padding: 48 }}
        />
      );
    case 'notFound':
      return <NotFound />;
    case 'remote':
      // Keyed by remote: entering another area mounts that remote; moving inside one area keeps it.
      return <RemoteArea key={page.owner} name={page.owner} />;
  }
}
