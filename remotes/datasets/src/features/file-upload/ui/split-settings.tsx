import { Banner, Card, InputNumber, Spin, Tag, Typography } from '@flotilla/shared/ui/semi';
import { CHUNK_LIMITS, failureText, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { flattenCatalogueTree } from '../../../lib/catalogue-tree';
import { LabelledSelect } from '../../../ui/labelled-select';
import { SeparatorsInput } from '../../../ui/separators-input';
import { $catalogueTree } from '../../catalogues/catalogues.model';
import {
  $chunkSettings,
  $preview,
  $previewFailure,
  $previewKey,
  $previewLoading,
  $settingsProblem,
  $targetFolder,
  $uploadItems,
  chunkSettingsChanged,
  targetFolderChanged,
} from '../file-upload.model';

/** No catalogue id looks like it: the value of "no folder" in the picker. */
const NO_FOLDER = '';

function Field({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <Typography.Text strong>{label}</Typography.Text>
      {children}
      {hint && (
        <Typography.Text type="tertiary" size="small">
          {hint}
        </Typography.Text>
      )}
    </div>
  );
}

/** Chunk size, overlap, separators and the target folder of the documents about to be uploaded. */
export function SplitSettings({ disabled }: { disabled: boolean }) {
  const t = useT();
  const m = useUnit({ settings: $chunkSettings, problem: $settingsProblem, folder: $targetFolder, tree: $catalogueTree, changed: chunkSettingsChanged, folderChanged: targetFolderChanged });
  const { chunkSize, overlap } = CHUNK_LIMITS;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Field label={t('datasets.chunk.chunkSize')} hint={t('datasets.chunk.chunkSizeHint', { min: chunkSize.min, max: chunkSize.max })}>
          <InputNumber
            value={m.settings.chunkSize}
            min={chunkSize.min}
            max={chunkSize.max}
            precision={0}
            disabled={disabled}
            aria-label={t('datasets.chunk.chunkSize')}
            onNumberChange={(value) => m.changed({ chunkSize: Number(value) })}
            style={{ width: 160 }}
          />
        </Field>
        <Field label={t('datasets.chunk.overlap')} hint={t('datasets.chunk.overlapHint')}>
          <InputNumber
            value={m.settings.overlap}
            min={overlap.min}
            max={overlap.max}
            precision={0}
            disabled={disabled}
            aria-label={t('datasets.chunk.overlap')}
            onNumberChange={(value) => m.changed({ overlap: Number(value) })}
            style={{ width: 160 }}
          />
        </Field>
      </div>
      <Field label={t('datasets.chunk.separators')} hint={t('datasets.chunk.separatorsHint')}>
        <SeparatorsInput value={m.settings.separators} onChange={(separators) => m.changed({ separators })} disabled={disabled} />
      </Field>
      <Field label={t('datasets.upload.folder')}>
        <LabelledSelect
          value={m.folder ?? NO_FOLDER}
          // onSelect, not onChange: a controlled Select reports the change only after its closing animation.
          onSelect={(value) => m.folderChanged(value ? String(value) : null)}
          label={t('datasets.upload.folder')}
          disabled={disabled}
          style={{ width: '100%' }}
          optionList={[
            { value: NO_FOLDER, label: t('datasets.catalogue.none') },
            ...flattenCatalogueTree(m.tree).map(({ catalogue, depth }) => ({
              value: catalogue.id,
              label: <span style={{ paddingLeft: depth * 16 }}>{catalogue.name}</span>,
            })),
          ]}
        />
      </Field>
      {m.problem && <Banner type="danger" fullMode={false} closeIcon={null} description={t(m.problem)} />}
    </div>
  );
}

/** The split the settings give for the document picked for preview: the first segments and the count. */
export function SplitPreview() {
  const t = useT();
  const m = useUnit({ preview: $preview, failure: $previewFailure, loading: $previewLoading, key: $previewKey, items: $uploadItems, problem: $settingsProblem });
  const item = m.items.find((candidate) => candidate.key === m.key);
  let body;
  if (!item) body = <Typography.Text type="tertiary">{t('datasets.preview.none')}</Typography.Text>;
  else if (m.problem) body = <Typography.Text type="tertiary">{t('datasets.preview.fixSettings')}</Typography.Text>;
  else if (m.failure) body = <Banner type="danger" fullMode={false} closeIcon={null} title={t('datasets.preview.failed')} description={failureText(m.failure, t)} />;
  else if (!m.preview) body = <Spin style={{ width: '100%', padding: 24 }} />;
  else
    body = (
      <>
        <Typography.Text type="tertiary" data-testid="preview-summary">
          {t('datasets.preview.summary', { total: m.preview.total, characters: m.preview.characters, shown: m.preview.segments.length })}
        </Typography.Text>
        <ol aria-label={t('datasets.preview.listLabel')} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
          {m.preview.segments.map((segment, index) => (
            <li key={index}>
              <Card bodyStyle={{ padding: 10, display: 'flex', gap: 8, alignItems: 'flex-start' }}>
                <Tag color="blue">#{index + 1}</Tag>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: 0 }}>{segment}</Typography.Paragraph>
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
