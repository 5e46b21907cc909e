import { Button, Typography, IconCopy } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import type { CSSProperties } from 'react';
import { copyText } from '../../../lib/copy-text';

const codeStyle: CSSProperties = {
  margin: 0,
  padding: 12,
  overflowX: 'auto',
  fontSize: 12,
  lineHeight: 1.6,
  background: 'var(--semi-color-fill-0)',
  border: '1px solid var(--semi-color-border)',
  borderRadius: 'var(--semi-border-radius-medium)',
};

/** A code sample with a copy button named after it. */
export function Snippet({ title, code, copyLabel }: { title: string; code: string; copyLabel: string }) {
  const t = useT();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography.Text strong>{title}</Typography.Text>
        <Button
          size="small"
          theme="borderless"
          icon={<IconCopy />}
          aria-label={copyLabel}
          onClick={() => copyText(code, 'robots.secrets.snippetCopied')}
        >
          {t('robots.secrets.copy')}
        </Button>
      </div>
      <pre style={codeStyle}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
