import { Button, Input, Typography, IconCopy } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import type { CSSProperties } from 'react';
import { curlSnippet, openAiBaseUrl, openAiPythonSnippet } from '../../../lib/api-snippets';
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

/** The base URL of the robot's OpenAI-compatible API on this console's server. */
export function robotApiBaseUrl(): string {
  return openAiBaseUrl(location.origin);
}

/** A code sample with a copy button named after it. */
function Snippet({ title, code, copyLabel }: { title: string; code: string; copyLabel: string }) {
  const t = useT();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography.Text strong>{title}</Typography.Text>
        <Button size="small" theme="borderless" icon={<IconCopy />} aria-label={copyLabel} onClick={() => copyText(code, 'robots.secrets.snippetCopied')}>
          {t('robots.secrets.copy')}
        </Button>
      </div>
      <pre style={codeStyle}>
        <code>{code}</code>
      </pre>
    </div>
  );
}

/**
 * How to call the robot: the OpenAI-compatible base URL and a `curl` and an `openai` sample. With
 * `apiKey` (only right after creating a secret) the samples carry it; otherwise a placeholder.
 */
export function ApiUsage({ apiKey }: { apiKey?: string }) {
  const t = useT();
  const baseUrl = robotApiBaseUrl();
  const key = apiKey ?? t('robots.secrets.keyPlaceholder');
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
        <Typography.Text strong>{t('robots.secrets.baseUrl')}</Typography.Text>
        <div style={{ display: 'flex', gap: 8 }}>
          <Input readonly value={baseUrl} aria-label={t('robots.secrets.baseUrl')} style={{ flex: 1 }} />
          <Button icon={<IconCopy />} aria-label={t('robots.secrets.copyBaseUrl')} onClick={() => copyText(baseUrl, 'robots.secrets.baseUrlCopied')}>
            {t('robots.secrets.copy')}
          </Button>
        </div>
        <Typography.Text type="tertiary" size="small">
          {t('robots.secrets.baseUrlHint')}
        </Typography.Text>
      </div>
      <Snippet title={t('robots.secrets.curl')} code={curlSnippet(baseUrl, key)} copyLabel={t('robots.secrets.copyCurl')} />
      <Snippet title={t('robots.secrets.python')} code={openAiPythonSnippet(baseUrl, key)} copyLabel={t('robots.secrets.copyPython')} />
    </div>
  );
}
