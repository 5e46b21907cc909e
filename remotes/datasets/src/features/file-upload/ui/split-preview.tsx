import { Banner, Card, Spin, Tag, Typography } from '@flotilla/shared/ui/semi';
import { failureText, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import {
  $preview,
  $previewFailure,
  $previewKey,
  $previewLoading,
  $settingsProblem,
  $uploadItems,
} from '../file-upload.model';

/** The split the settings give for the document picked for preview: the first segments and the count. */
export function SplitPreview() {
  const t = useT();
  const m = useUnit({
    preview: $preview,
    failure: $previewFailure,
    loading: $previewLoading,
    key: $previewKey,
    items: $uploadItems,
    problem: $settingsProblem,
  });
  const item = m.items.find((candidate) => candidate.key === m.key);
  let body;
  if (!item) body = <Typography.Text type="tertiary">{t('datasets.preview.none')}</Typography.Text>;
  else if (m.problem) body = <Typography.Text type="tertiary">{t('datasets.preview.fixSettings')}</Typography.Text>;
  else if (m.failure)
    body = (
      <Banner
        type="danger"
        fullMode={false}
        closeIcon={null}
        title={t('datasets.preview.failed')}
        description={failureText(m.failure, t)}
      />
    );
  else if (!m.preview) body = <Spin style={{ width: '100%', padding: 24 }} />;
  else
    body = (
      <>
        <Typography.Text type="tertiary" data-testid="preview-summary">
          {t('datasets.preview.summary', {
            total: m.preview.total,
            characters: m.preview.characters,
            shown: m.preview.segments.length,
          })}
        </Typography.Text>
        <ol
          aria-label={t('datasets.preview.listLabel')}
          style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}
        >
          {m.preview.segments.map((segment, index) => (
            <li key={index}>
              <Card bodyStyle={{ padding: 10, display: 'flex', gap: 8, alignItems: 'flex-start' }}>
                <Tag color="blue">#{index + 1}</Tag>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: 0 }}>
                  {segment}
                </Typography.Paragraph>
              </Card>
            </li>
          ))}
        </ol>
      </>
    );
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }} aria-busy={m.loading}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <Typography.Title heading={6} style={{ margin: 0 }}>
          {item ? t('datasets.preview.titleOf', { name: item.file.name }) : t('datasets.preview.title')}
        </Typography.Title>
        {m.loading && m.preview && <Spin size="small" />}
      </div>
      {body}
    </div>
  );
}
