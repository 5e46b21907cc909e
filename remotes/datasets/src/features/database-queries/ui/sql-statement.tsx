import { Button } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { useState } from 'react';

/** A statement in monospace, one line until opened. */
export function SqlStatement({ sql }: { sql: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div style={{ display: 'flex', alignItems: 'flex-start', gap: 4, minWidth: 0 }}>
      <code
        style={{
          fontFamily: 'monospace',
          fontSize: 12,
          whiteSpace: open ? 'pre-wrap' : 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          wordBreak: 'break-all',
          flex: 1,
          minWidth: 0,
        }}
      >
        {sql}
      </code>
      <Button size="small" theme="borderless" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t('datasets.database.queries.less') : t('datasets.database.queries.more')}
      </Button>
    </div>
  );
}
