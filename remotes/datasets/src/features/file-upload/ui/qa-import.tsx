import { Typography } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { acceptOf, QA_EXTENSIONS } from '../../../lib/file-check';
import { qaFileChosen } from '../file-upload.model';
import { DropZone } from './drop-zone';
import { UploadList } from './upload-list';

/** QA pairs from a sheet (csv or xlsx with a question and an answer column): it goes as soon as it is chosen. */
export function QaImport() {
  const t = useT();
  const chosen = useUnit(qaFileChosen);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Typography.Title heading={6} style={{ margin: 0 }}>
        {t('datasets.qa.importTitle')}
      </Typography.Title>
      <Typography.Text type="tertiary">{t('datasets.qa.importHint')}</Typography.Text>
      <DropZone
        accept={acceptOf(QA_EXTENSIONS)}
        multiple={false}
        label={t('datasets.qa.importInput')}
        title={t('datasets.qa.importDrop')}
        hint={t('datasets.qa.importTypes', { types: QA_EXTENSIONS.join(', ') })}
        onFiles={(files) => files.slice(0, 1).forEach((file) => chosen(file))}
      />
      <UploadList kind="qa" />
    </div>
  );
}
