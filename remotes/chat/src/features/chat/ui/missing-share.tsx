import { useT } from '@flotilla/shared';
import type { ReactNode } from 'react';
import { BrokenLinkIcon } from '../../../ui/icons/broken-link-icon';
import type { ChatVariant } from './chat-variant';
import { StateScreen } from './state-screen';

/** The not-found screen of a URL that names no share at all (`/chat` without `?shareId=`). */
export function MissingShare({ variant, headerExtra }: { variant: ChatVariant; headerExtra?: ReactNode }) {
  const t = useT();
  return (
    <div className={`flc-chat flc-chat--${variant}`}>
      <div className="flc-chat__frame">
        <StateScreen
          tone="neutral"
          icon={<BrokenLinkIcon />}
          title={t('chat.notFound.title')}
          description={t('chat.notFound.description')}
          extra={headerExtra}
        />
      </div>
    </div>
  );
}
