import { Button, Popconfirm, Typography } from '@douyinfe/semi-ui';
import { IconDelete, IconPlus } from '@douyinfe/semi-icons';
import type { ColumnProps } from '@douyinfe/semi-ui/lib/es/table';
import { robotDetailPath, useDateTime, usePermission, useT, type Robot } from '@flotilla/shared';
import { EmptyState, Page, PagedTable, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useMemo, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { RobotAvatar, RobotStatusTag, RobotTypeTag } from '../../../ui/robot-badges';
import {
  $deletingIds,
  $keyword,
  ROBOT_MANAGER_ROLES,
  robotCreateClicked,
  robotDeleteConfirmed,
  robotList,
  robotsPageOpened,
} from '../robots.model';
import { CreateRobotModal } from './create-robot-modal';

const stopPropagation = (event: MouseEvent) => event.stopPropagation();
const ellipsis = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: 420 } as const;

/** `/robot`: the robots of the tenant, searched and paged on the server. */
export function RobotListPage() {
  const t = useT();
  const formatDate = useDateTime();
  const navigate = useNavigate();
  const canManage = usePermission(ROBOT_MANAGER_ROLES);
  const model = useUnit({
    keyword: $keyword,
    deletingIds: $deletingIds,
    opened: robotsPageOpened,
    createClicked: robotCreateClicked,
    deleteConfirmed: robotDeleteConfirmed,
  });
  const { opened } = model;
  useEffect(() => {
    opened();
  }, [opened]);

  const createButton = canManage && (
    <Button theme="solid" type="primary" icon={<IconPlus />} onClick={model.createClicked}>
      {t('robots.list.create')}
    </Button>
  );

  const columns = useMemo<ColumnProps<Robot>[]>(() => {
    const base: ColumnProps<Robot>[] = [
      {
        title: t('robots.list.column.name'),
        dataIndex: 'name',
        render: (_, robot) => (
          <div style={{ display: 'flex', alignItems: 'center', gap: 12, minWidth: 0 }}>
            <RobotAvatar robot={robot} />
            <div style={{ minWidth: 0 }}>
              <Link to={robotDetailPath(robot.processId)} onClick={stopPropagation}>
                {robot.name}
              </Link>
              {robot.description && (
                <Typography.Text type="tertiary" size="small" style={ellipsis}>
                  {robot.description}
                </Typography.Text>
              )}
            </div>
          </div>
        ),
      },
      { title: t('robots.list.column.type'), dataIndex: 'type', width: 120, render: (_, robot) => <RobotTypeTag type={robot.type} /> },
      { title: t('robots.list.column.status'), dataIndex: 'enabled', width: 120, render: (_, robot) => <RobotStatusTag enabled={robot.enabled} /> },
      { title: t('robots.list.column.updatedAt'), dataIndex: 'updatedAt', width: 200, render: (_, robot) => formatDate(robot.updatedAt) },
    ];
    if (!canManage) return base;
    return [
      ...base,
      {
        title: t('robots.list.column.actions'),
        dataIndex: 'actions',
        width: 120,
        render: (_, robot) => (
          // The confirmation renders in a portal, but React still bubbles its clicks to the row.
          <div onClick={stopPropagation}>
            <Popconfirm
              title={t('robots.delete.title', { name: robot.name })}
              content={t('robots.delete.content')}
              okText={t('robots.delete.ok')}
              cancelText={t('robots.delete.cancel')}
              okType="danger"
              onConfirm={() => {
                model.deleteConfirmed(robot);
              }}
            >
              <Button type="danger" theme="borderless" icon={<IconDelete />} loading={model.deletingIds.includes(robot.processId)}>
                {t('robots.list.delete')}
              </Button>
            </Popconfirm>
          </div>
        ),
      },
    ];
  }, [t, formatDate, canManage, model.deleteConfirmed, model.deletingIds]);

  const empty = model.keyword ? (
    <EmptyState title={t('robots.list.noMatch', { keyword: model.keyword })} description={t('robots.list.noMatchHint')} />
  ) : (
    <EmptyState
      title={t('robots.list.empty')}
      description={t(canManage ? 'robots.list.emptyHint' : 'robots.list.emptyHintReadonly')}
      action={createButton}
    />
  );

  return (
    <Page>
      <PageHeader title={t('robots.list.title')} description={t('robots.list.description')} extra={createButton} />
      <Surface>
        <PagedTable
          list={robotList}
          rowKey="processId"
          columns={columns}
          onRow={(robot) => (robot ? { onClick: () => navigate(robotDetailPath(robot.processId)), style: { cursor: 'pointer' } } : {})}
          searchLabel={t('robots.list.search')}
          totalLabel={(count) => t('robots.list.total', { count })}
          empty={empty}
          failedTitle={t('robots.list.loadFailed')}
          networkMessage={t('robots.error.network')}
        />
      </Surface>
      <CreateRobotModal />
    </Page>
  );
}
