import { Banner, Button, Checkbox, IconDelete, Popconfirm, Tag, Typography } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { failureText, ownedRoutePath, useDateTime, useT, type CaseFile } from '@flotilla/shared';
import { EmptyState, Page, PagedTable, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import {
  $deleteFailure,
  $deletingSelected,
  $selectedIds,
  $startedAnalysis,
  $uploadFailure,
  analyseClicked,
  caseFileList,
  caseFilesPageLeft,
  caseFilesPageOpened,
  caseFileToggled,
  isMoving,
  selectedDeleteConfirmed,
} from '../case-files.model';
import { AnalyseModal } from './analyse-modal';
import { AnalysisCell } from './analysis-cell';
import { CaseFileUpload } from './case-file-upload';
import './case-files.css';

/** `/case/files`: upload question sets and conversation logs, delete them, analyse one with a robot, open its report. */
export function CaseFilesPage() {
  const t = useT();
  const formatDate = useDateTime();
  const m = useUnit({
    opened: caseFilesPageOpened,
    left: caseFilesPageLeft,
    selected: $selectedIds,
    toggled: caseFileToggled,
    deleteSelected: selectedDeleteConfirmed,
    deletingSelected: $deletingSelected,
    deleteFailure: $deleteFailure,
    uploadFailure: $uploadFailure,
    started: $startedAnalysis,
    analyse: analyseClicked,
    deleteOne: caseFileList.deleteConfirmed,
    deletingIds: caseFileList.$deletingIds,
  });
  const { opened, left } = m;
  useEffect(() => {
    opened();
    return () => left();
  }, [opened, left]);

  const columns = useMemo<ColumnProps<CaseFile>[]>(
    () => [
      {
        title: '',
        dataIndex: 'id',
        width: 48,
        render: (_, file) => (
          <Checkbox
            aria-label={t('cases.files.select', { name: file.name })}
            checked={m.selected.includes(file.id)}
            onChange={(event) => m.toggled({ id: file.id, selected: Boolean(event.target.checked) })}
          />
        ),
      },
      {
        title: t('cases.files.column.name'),
        dataIndex: 'name',
        render: (_, file) => (
          <div>
            <Typography.Text strong>{file.name}</Typography.Text>
            <div>
              <Tag size="small" type="ghost">
                {t(`cases.files.kind.${file.kind}`)}
              </Tag>{' '}
              <Typography.Text type="tertiary" size="small">
                {file.type.toUpperCase()}
              </Typography.Text>
            </div>
          </div>
        ),
      },
      {
        title: t('cases.files.column.questions'),
        dataIndex: 'rowCount',
        width: 110,
      },
      {
        title: t('cases.files.column.analysis'),
        dataIndex: 'analysis',
        render: (_, file) => <AnalysisCell analysis={file.analysis} />,
      },
      {
        title: t('cases.files.column.uploadedAt'),
        dataIndex: 'createdAt',
        width: 170,
        render: (_, file) => formatDate(file.createdAt),
      },
      {
        title: t('cases.files.column.actions'),
        dataIndex: 'actions',
        width: 220,
        render: (_, file) => (
          <span className="flc-case-files__actions">
            <Button size="small" disabled={isMoving(file.analysis)} onClick={() => m.analyse(file)}>
              {t('cases.files.analyse')}
            </Button>
            <Popconfirm
              title={t('cases.files.deleteConfirm', { name: file.name })}
              content={t('cases.files.deleteHint')}
              okText={t('cases.files.delete')}
              cancelText={t('cases.files.cancel')}
              onConfirm={() => {
                m.deleteOne(file);
              }}
            >
              <Button
                size="small"
                type="danger"
                icon={<IconDelete />}
                loading={m.deletingIds.includes(file.id)}
                aria-label={t('cases.files.deleteOne', { name: file.name })}
              />
            </Popconfirm>
          </span>
        ),
      },
    ],
    [t, formatDate, m],
  );

  return (
    <Page>
      <PageHeader title={t('cases.files.title')} description={t('cases.files.description')} />
      <Surface>
        <div className="flc-case-files__bar">
          <CaseFileUpload />
          {m.selected.length > 0 && (
            <Popconfirm
              title={t('cases.files.deleteSelectedConfirm', { count: m.selected.length })}
              content={t('cases.files.deleteHint')}
              okText={t('cases.files.delete')}
              cancelText={t('cases.files.cancel')}
              onConfirm={m.deleteSelected}
            >
              <Button type="danger" icon={<IconDelete />} loading={m.deletingSelected}>
                {t('cases.files.deleteSelected', { count: m.selected.length })}
              </Button>
            </Popconfirm>
          )}
        </div>
        {m.uploadFailure && (
          <Banner
            className="flc-case-files__banner"
            type="danger"
            fullMode={false}
            title={t('cases.files.uploadFailed')}
            description={failureText(m.uploadFailure, t)}
          />
        )}
        {m.deleteFailure && (
          <Banner
            className="flc-case-files__banner"
            type="danger"
            fullMode={false}
            description={
              m.deleteFailure.code === 'CASE_FILE_IN_USE' ? t('cases.files.inUse') : failureText(m.deleteFailure, t)
            }
          />
        )}
        {m.started && (
          <Banner
            className="flc-case-files__banner"
            type="info"
            fullMode={false}
            description={
              <span>
                {t('cases.files.started', { robot: m.started.processName })}{' '}
                <Link to={ownedRoutePath('users', 'taskList')}>{t('cases.files.taskList')}</Link>
              </span>
            }
          />
        )}
        <div className="flc-case-files__table">
          <PagedTable
            list={caseFileList}
            rowKey="id"
            columns={columns}
            searchLabel={t('cases.files.search')}
            totalLabel={(count) => t('cases.files.total', { count })}
            empty={<EmptyState title={t('cases.files.empty')} description={t('cases.files.emptyHint')} />}
            failedTitle={t('cases.files.loadFailed')}
          />
        </div>
      </Surface>
      <AnalyseModal />
    </Page>
  );
}
