import { Typography } from '@flotilla/shared/ui/semi';
import { $locale, CHUNK_LIMITS, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { DOCUMENT_EXTENSIONS, QA_EXTENSIONS } from '../../../lib/file-check';
import { formatSize } from '../../../lib/format-size';
import type { UploadItem } from '../file-upload.model';

/** Why a file was refused here, in words. */
export function ProblemText({ item }: { item: UploadItem }) {
  const t = useT();
  const locale = useUnit($locale);
  const types = (item.kind === 'qa' ? QA_EXTENSIONS : DOCUMENT_EXTENSIONS).join(', ');
  let text = '';
  if (item.problem === 'badType') text = t('datasets.upload.badType', { types });
  else if (item.problem === 'tooLarge')
    text = t('datasets.upload.tooLarge', {
      size: formatSize(item.file.size, locale),
      max: formatSize(CHUNK_LIMITS.maxFileBytes, locale),
    });
  else if (item.problem === 'empty') text = t('datasets.upload.empty');
  return (
    <Typography.Text type="danger" size="small" role="alert">
      {text}
    </Typography.Text>
  );
}
