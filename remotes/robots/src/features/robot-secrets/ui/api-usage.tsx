import { Button, Input, Typography, IconCopy } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { curlSnippet, openAiBaseUrl, openAiPythonSnippet } from '../../../lib/api-snippets';
import { copyText } from '../../../lib/copy-text';
import { Snippet } from './snippet';

/** The base URL of the robot's OpenAI-compatible API on this console's server. */
export function robotApiBaseUrl(): string {
  return openAiBaseUrl(location.origin);
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
          <Button
            icon={<IconCopy />}
            aria-label={t('robots.secrets.copyBaseUrl')}
            onClick={() => copyText(baseUrl, 'robots.secrets.baseUrlCopied')}
          >
            {t('robots.secrets.copy')}
          </Button>
        </div>
        <Typography.Text type="tertiary" size="small">
          {t('robots.secrets.baseUrlHint')}
        </Typography.Text>
      </div>
      <Snippet
        title={t('robots.secrets.curl')}
        code={curlSnippet(baseUrl, key)}
        copyLabel={t('robots.secrets.copyCurl')}
      />
      <Snippet
        title={t('robots.secrets.python')}
        code={openAiPythonSnippet(baseUrl, key)}
        copyLabel={t('robots.secrets.copyPython')}
      />
    </div>
  );
}
