import { Banner, Button, Modal, Spin, Switch, Tag, Typography, IconUpload } from '@flotilla/shared/ui/semi';
import { failureText, USER_IMPORT_LIMITS, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useId, useRef } from 'react';
import {
  $canImport,
  $importFailure,
  $importing,
  $importOpen,
  $invalidOnly,
  $preview,
  $previewFailure,
  $previewing,
  $refusedRows,
  $rowsShown,
  $sheet,
  $task,
  $taskId,
  importClosed,
  importSubmitted,
  invalidOnlyToggled,
  sheetChosen,
} from '../user-import.model';
import { ImportPreviewTable } from './import-preview-table';
import { ImportTaskProgress } from './import-task-progress';
import './user-import.css';

const ACCEPT = '.xlsx,.csv';

/**
 * The import dialog: choose a sheet → every row checked by the server (rows to fix first, or only them) →
 * "Import N users" once none is left to fix → the task's progress; the list reloads when it is done.
 */
export function UserImportModal() {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const switchId = useId();
  const m = useUnit({
    open: $importOpen,
    sheet: $sheet,
    preview: $preview,
    previewing: $previewing,
    previewFailure: $previewFailure,
    invalidOnly: $invalidOnly,
    rows: $rowsShown,
    canImport: $canImport,
    importing: $importing,
    refused: $refusedRows,
    failure: $importFailure,
    task: $task,
    taskId: $taskId,
    closed: importClosed,
    chosen: sheetChosen,
    toggled: invalidOnlyToggled,
    submitted: importSubmitted,
  });
  const started = m.taskId !== null;
  const footer = (
    <div className="flu-user-import__footer">
      <Button onClick={() => m.closed()}>{t('users.import.close')}</Button>
      {!started && (
        <Button
          theme="solid"
          type="primary"
          disabled={!m.canImport}
          loading={m.importing}
          onClick={() => m.submitted()}
        >
          {t('users.import.submit', { count: m.preview?.valid ?? 0 })}
        </Button>
      )}
    </div>
  );

  return (
    <Modal
      visible={m.open}
      title={t('users.import.title')}
      onCancel={() => m.closed()}
      footer={footer}
      // Narrower screens get the whole width but a margin (the table scrolls sideways inside).
      width="min(760px, calc(100vw - 16px))"
      className="flu-user-import"
      maskClosable={false}
    >
      <div className="flu-user-import__body">
        <Typography.Text type="tertiary">
          {t('users.import.hint', { mb: USER_IMPORT_LIMITS.bytes / 1024 / 1024, rows: USER_IMPORT_LIMITS.rows })}
        </Typography.Text>
        <div className="flu-user-import__row">
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            aria-label={t('users.import.choose')}
            style={{ display: 'none' }}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) m.chosen(file);
              event.target.value = '';
            }}
          />
          <Button icon={<IconUpload />} disabled={m.importing || started} onClick={() => input.current?.click()}>
            {m.sheet ? t('users.import.chooseAnother') : t('users.import.choose')}
          </Button>
          {m.sheet && <Typography.Text className="flu-user-import__name">{m.sheet.name}</Typography.Text>}
        </div>
        {m.previewing && <Spin tip={t('users.import.previewing')} />}
        {m.previewFailure && (
          <Banner
            type="danger"
            fullMode={false}
            closeIcon={null}
            title={t('users.import.previewFailed')}
            description={failureText(m.previewFailure, t)}
          />
        )}
        {m.preview && !started && (
          <>
            <div className="flu-user-import__row">
              <Tag color="green" size="large">
                {t('users.import.valid', { count: m.preview.valid })}
              </Tag>
              <Tag color={m.preview.invalid > 0 ? 'red' : 'grey'} size="large">
                {t('users.import.invalid', { count: m.preview.invalid })}
              </Tag>
              {m.preview.invalid > 0 && (
                <span className="flu-user-import__row">
                  <Switch id={switchId} checked={m.invalidOnly} onChange={(on) => m.toggled(on)} />
                  <label htmlFor={switchId}>{t('users.import.invalidOnly')}</label>
                </span>
              )}
            </div>
            {m.preview.invalid > 0 && <Typography.Text type="warning">{t('users.import.fixHint')}</Typography.Text>}
            <ImportPreviewTable rows={m.rows} />
          </>
        )}
        {m.refused && (
          <Banner
            type="danger"
            fullMode={false}
            closeIcon={null}
            title={t('users.import.refused')}
            description={
              <ul className="flu-user-import__refused">
                {m.refused.slice(0, 20).map((row) => (
                  <li key={row.row}>{t('users.import.row', { row: row.row, message: row.message })}</li>
                ))}
              </ul>
            }
          />
        )}
        {m.failure && (
          <Banner
            type="danger"
            fullMode={false}
            closeIcon={null}
            description={t('users.import.failed', { message: failureText(m.failure, t) })}
          />
        )}
        {m.task && <ImportTaskProgress task={m.task} count={m.preview?.valid ?? 0} />}
      </div>
    </Modal>
  );
}
