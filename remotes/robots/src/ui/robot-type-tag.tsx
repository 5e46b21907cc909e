import { Tag } from '@flotilla/shared/ui/semi';
import type { Robot } from '@flotilla/shared';
import { useT } from '@flotilla/shared';

/** Simple robot or flow robot. */
export function RobotTypeTag({ type }: { type: Robot['type'] }) {
  const t = useT();
  return (
    <Tag color={type === 'flow' ? 'violet' : 'blue'} type="light">
      {t(type === 'flow' ? 'robots.type.flow' : 'robots.type.simple')}
    </Tag>
  );
}
