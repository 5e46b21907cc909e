import { Button, IconUpload, Typography } from '@flotilla/shared/ui/semi';
import { CASE_FILE_ACCEPT, CASE_FILE_LIMITS, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useRef } from 'react';
import { $uploading, caseFileChosen } from '../case-files.model';

/** The upload button with what it takes (types, size, rows, columns). */
export function CaseFileUpload() {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const m = useUnit({ uploading: $uploading, chosen: caseFileChosen });
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={CASE_FILE_ACCEPT}
        aria-label={t('cases.files.upload')}
        style={{ display: 'none' }}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) m.chosen(file);
          event.target.value = '';
        }}
      />
      <Button theme="solid" icon={<IconUpload />} loading={m.uploading} onClick={() => input.current?.click()}>
        {t('cases.files.upload')}
      </Button>
      <Typography.Text type="tertiary" size="small" className="flc-case-files__hint">
        {t('cases.files.uploadHint', { mb: CASE_FILE_LIMITS.bytes / 1024 / 1024, rows: CASE_FILE_LIMITS.rows })}
      </Typography.Text>
    </>
  );
}
