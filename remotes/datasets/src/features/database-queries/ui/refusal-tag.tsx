import { Tag, Tooltip } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { refusalMessageId } from '../../../lib/query-refusals';

/** Why a query did not run: a tag with the code, its meaning on hover and for screen readers. */
export function RefusalTag({ code }: { code: string }) {
  const t = useT();
  const id = refusalMessageId(code);
  const meaning = id ? t(id) : code;
  return (
    <Tooltip content={meaning}>
      <Tag color="red" aria-label={meaning}>
        {id ? meaning : code}
      </Tag>
    </Tooltip>
  );
}
