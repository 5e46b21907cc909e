import { Banner, InputNumber } from '@flotilla/shared/ui/semi';
import { CHUNK_LIMITS, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { flattenCatalogueTree } from '../../../lib/catalogue-tree';
import { SeparatorsInput } from '../../../ui/separators-input';
import { $catalogueTree } from '../../catalogues/catalogues.model';
import {
  $chunkSettings,
  $settingsProblem,
  $targetFolder,
  chunkSettingsChanged,
  targetFolderChanged,
} from '../file-upload.model';
import { Field } from './field';
import { LabelledSelect } from '@flotilla/shared/ui';

/** No catalogue id looks like it: the value of "no folder" in the picker. */
const NO_FOLDER = '';

/** Chunk size, overlap, separators and the target folder of the documents about to be uploaded. */
export function SplitSettings({ disabled }: { disabled: boolean }) {
  const t = useT();
  const m = useUnit({
    settings: $chunkSettings,
    problem: $settingsProblem,
    folder: $targetFolder,
    tree: $catalogueTree,
    changed: chunkSettingsChanged,
    folderChanged: targetFolderChanged,
  });
  const { chunkSize, overlap } = CHUNK_LIMITS;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Field
          label={t('datasets.chunk.chunkSize')}
          hint={t('datasets.chunk.chunkSizeHint', { min: chunkSize.min, max: chunkSize.max })}
        >
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
        <SeparatorsInput
          value={m.settings.separators}
          onChange={(separators) => m.changed({ separators })}
          disabled={disabled}
        />
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
