import { Button, IconUpload } from '@flotilla/shared/ui/semi';
import { $locale, CHUNK_LIMITS, useT } from '@flotilla/shared';
import { Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useNavigate } from 'react-router-dom';
import { acceptOf, DOCUMENT_EXTENSIONS } from '../../../lib/file-check';
import { formatSize } from '../../../lib/format-size';
import { datasetDetailPath } from '../../../lib/paths';
import { $readyCount, $settingsProblem, $uploadItems, filesChosen, uploadClicked } from '../file-upload.model';
import { DropZone } from './drop-zone';
import { SplitPreview } from './split-preview';
import { SplitSettings } from './split-settings';
import { UploadList } from './upload-list';
import { columns } from './columns';

/** Documents: drop them, set how they are split with a live preview, upload them with progress, follow their parsing. */
export function DocumentsTab({ datasetId }: { datasetId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const m = useUnit({
    locale: $locale,
    items: $uploadItems,
    ready: $readyCount,
    problem: $settingsProblem,
    chosen: filesChosen,
    upload: uploadClicked,
  });
  const documents = m.items.filter((item) => item.kind === 'document');
  const busy = documents.some((item) => item.state === 'waiting' || item.state === 'uploading');
  const uploaded = documents.some((item) => item.state === 'uploaded');
  return (
    <div style={columns}>
      <div style={{ flex: '1 1 420px', minWidth: 0 }}>
        <Surface>
          <DropZone
            accept={acceptOf(DOCUMENT_EXTENSIONS)}
            multiple
            label={t('datasets.upload.input')}
            title={t('datasets.upload.drop')}
            hint={t('datasets.upload.types', {
              types: DOCUMENT_EXTENSIONS.join(', '),
              max: formatSize(CHUNK_LIMITS.maxFileBytes, m.locale),
            })}
            onFiles={m.chosen}
          />
          <UploadList kind="document" />
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            <Button
              theme="solid"
              type="primary"
              icon={<IconUpload />}
              disabled={m.ready === 0 || m.problem !== null}
              loading={busy}
              onClick={() => m.upload()}
            >
              {t('datasets.upload.submit', { count: m.ready })}
            </Button>
            {uploaded && (
              <Button onClick={() => navigate(datasetDetailPath(datasetId))}>{t('datasets.upload.toFiles')}</Button>
            )}
          </div>
        </Surface>
      </div>
      <div style={{ flex: '1 1 420px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 16 }}>
        <Surface>
          <SplitSettings disabled={busy} />
        </Surface>
        <Surface>
          <SplitPreview />
        </Surface>
      </div>
    </div>
  );
}
