import { Banner, Progress, Select, Table, Tag, Typography } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import {
  $role,
  failureText,
  ROUTES,
  roleAllowed,
  TASK_STATUSES,
  useDateTime,
  useT,
  type Role,
  type Task,
  type TaskStatus,
} from '@flotilla/shared';
import { EmptyState, ErrorState, Page, PageHeader, Surface, VISUALLY_HIDDEN } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useId, useMemo } from 'react';
import { generatePath, Link } from 'react-router-dom';
import {
  $tableLoading,
  $taskActionFailure,
  $taskStatusFilter,
  isTaskMoving,
  taskList,
  taskListClosed,
  taskListOpened,
  taskStatusFilterChanged,
  type TaskStatusFilter,
} from '../tasks.model';
import { TaskActions } from './task-actions';

const STATUS_COLORS: Record<TaskStatus, 'grey' | 'blue' | 'green' | 'red' | 'orange'> = {
  queued: 'grey',
  running: 'blue',
  done: 'green',
  failed: 'red',
  cancelled: 'orange',
};
const STATUS_FILTERS: TaskStatusFilter[] = ['all', ...TASK_STATUSES];
/**
 * What a task works on — a dataset's file, or the database a table import writes to — is a page of the datasets
 * area, reached by its URL (never by importing that remote).
 */
const FILE_ROUTE = ROUTES.find((route) => route.name === 'fileDetail' && route.owner === 'datasets');
const DATABASE_ROUTE = ROUTES.find((route) => route.name === 'databaseDetail' && route.owner === 'datasets');

/** The page of the task's file or database; null when it has none or the role may not open it. */
function subjectUrl(task: Task, role: Role | undefined): string | null {
  if (task.databaseId) {
    if (!DATABASE_ROUTE || !roleAllowed(DATABASE_ROUTE.roles, role)) return null;
    return generatePath(DATABASE_ROUTE.path, { id: task.databaseId });
  }
  if (!FILE_ROUTE || !task.datasetId || !task.fileId || !roleAllowed(FILE_ROUTE.roles, role)) return null;
  return generatePath(FILE_ROUTE.path, { id: task.datasetId, fid: task.fileId });
}

/** `/task-list`: the background jobs (parsing, re-indexing, QA and table imports) with their progress, live while any runs. */
export function TaskListPage() {
  const t = useT();
  const formatDate = useDateTime();
  const labelId = useId();
  const m = useUnit({
    role: $role,
    items: taskList.$items,
    total: taskList.$total,
    status: taskList.$status,
    loading: $tableLoading,
    failure: taskList.$failure,
    page: taskList.$page,
    pageSize: taskList.$pageSize,
    statusFilter: $taskStatusFilter,
    actionFailure: $taskActionFailure,
    opened: taskListOpened,
    closed: taskListClosed,
    paged: taskList.pageChanged,
    retried: taskList.reloadRequested,
    statusChanged: taskStatusFilterChanged,
  });
  const { opened, closed } = m;
  useEffect(() => {
    opened();
    return closed;
  }, [opened, closed]);
  const role = m.role ?? undefined;

  const columns = useMemo<ColumnProps<Task>[]>(
    () => [
      {
        title: t('users.tasks.column.title'),
        dataIndex: 'title',
        render: (_: unknown, task: Task) => {
          const url = subjectUrl(task, role);
          return (
            <div style={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
              {url ? <Link to={url}>{task.title}</Link> : <Typography.Text>{task.title}</Typography.Text>}
              <Typography.Text type="tertiary" size="small">
                {t(`users.tasks.type.${task.type}`)}
              </Typography.Text>
            </div>
          );
        },
      },
      {
        title: t('users.tasks.column.status'),
        dataIndex: 'status',
        width: 110,
        render: (_: unknown, task: Task) => (
          <Tag color={STATUS_COLORS[task.status]}>{t(`users.tasks.status.${task.status}`)}</Tag>
        ),
      },
      {
        title: t('users.tasks.column.progress'),
        dataIndex: 'progress',
        width: 200,
        render: (_: unknown, task: Task) => {
          const percent = Math.round(task.progress * 100);
          return (
            <Progress
              percent={percent}
              showInfo
              size="small"
              stroke={
                task.status === 'failed'
                  ? 'var(--semi-color-danger)'
                  : task.status === 'done'
                    ? 'var(--semi-color-success)'
                    : undefined
              }
              aria-label={t('users.tasks.progress', { title: task.title })}
            />
          );
        },
      },
      {
        title: t('users.tasks.column.error'),
        dataIndex: 'error',
        render: (_: unknown, task: Task) =>
          task.error ? (
            <Typography.Text type="danger" ellipsis={{ showTooltip: true }} style={{ maxWidth: 280 }}>
              {task.error}
            </Typography.Text>
          ) : (
            <Typography.Text type="quaternary">—</Typography.Text>
          ),
      },
      {
        title: t('users.tasks.column.createdAt'),
        dataIndex: 'createdAt',
        width: 180,
        render: (_: unknown, task: Task) => formatDate(task.createdAt),
      },
      {
        title: t('users.tasks.column.updatedAt'),
        dataIndex: 'updatedAt',
        width: 180,
        render: (_: unknown, task: Task) => formatDate(task.updatedAt),
      },
      {
        title: t('users.tasks.column.actions'),
        dataIndex: 'actions',
        width: 90,
        render: (_: unknown, task: Task) => <TaskActions task={task} />,
      },
    ],
    [t, formatDate, role],
  );

  const moving = m.items.some(isTaskMoving);
  return (
    <Page>
      <PageHeader title={t('users.tasks.title')} description={t('users.tasks.description')} />
      <Surface>
        <div
          style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' }}
        >
          <div>
            {/* Semi's Select sets its own aria-label ("selected"); a label element names it instead. */}
            <span id={labelId} style={VISUALLY_HIDDEN}>
              {t('users.tasks.statusFilter')}
            </span>
            <Select
              aria-labelledby={labelId}
              value={m.statusFilter}
              // onSelect, not onChange: a controlled Select reports the change only after its closing animation.
              onSelect={(value) => m.statusChanged(value as TaskStatusFilter)}
              style={{ width: 160 }}
              optionList={STATUS_FILTERS.map((status) => ({
                value: status,
                label: status === 'all' ? t('users.tasks.allStatuses') : t(`users.tasks.status.${status}`),
              }))}
            />
          </div>
          <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
            {moving && (
              <Typography.Text type="tertiary" size="small" data-testid="tasks-live">
                {t('users.tasks.live')}
              </Typography.Text>
            )}
            {m.status === 'ready' && (
              <Typography.Text type="tertiary">{t('users.tasks.total', { count: m.total })}</Typography.Text>
            )}
          </div>
        </div>
        {m.actionFailure && (
          <Banner
            type="danger"
            fullMode={false}
            closeIcon={null}
            title={t('users.tasks.actionFailed')}
            description={failureText(m.actionFailure, t)}
          />
        )}
        {m.status === 'error' ? (
          <ErrorState
            title={t('users.tasks.loadFailed')}
            description={m.failure ? failureText(m.failure, t) : undefined}
            onRetry={m.retried}
          />
        ) : (
          <Table<Task>
            rowKey="id"
            columns={columns}
            dataSource={m.items}
            loading={m.loading}
            scroll={{ x: 1000 }}
            empty={
              m.status === 'ready' ? (
                m.statusFilter === 'all' ? (
                  <EmptyState title={t('users.tasks.empty')} description={t('users.tasks.emptyHint')} />
                ) : (
                  <EmptyState title={t('users.tasks.noMatch')} description={t('users.tasks.noMatchHint')} />
                )
              ) : (
                <div style={{ height: 120 }} />
              )
            }
            pagination={
              m.total > m.pageSize
                ? { currentPage: m.page, pageSize: m.pageSize, total: m.total, onPageChange: m.paged }
                : false
            }
          />
        )}
      </Surface>
    </Page>
  );
}
