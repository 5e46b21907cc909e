import { Tag } from '@flotilla/shared/ui/semi';
import { useT, type CompletionLog } from '@flotilla/shared';

/** Message ids of the channels an answer came through. */
export const CHANNEL_LABELS = {
  visitor: 'robots.logs.channel.visitor',
  staff: 'robots.logs.channel.staff',
  api: 'robots.logs.channel.api',
} as const satisfies Record<CompletionLog['channel'], string>;

const CHANNEL_COLORS = { visitor: 'blue', staff: 'violet', api: 'cyan' } as const satisfies Record<
  CompletionLog['channel'],
  string
>;

/** Where a question came from: a share's visitor, the console's debug chat, or an API secret. */
export function ChannelTag({ channel }: { channel: CompletionLog['channel'] }) {
  const t = useT();
  return (
    <Tag color={CHANNEL_COLORS[channel]} type="light">
      {t(CHANNEL_LABELS[channel])}
    </Tag>
  );
}
