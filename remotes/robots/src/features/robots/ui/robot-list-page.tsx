import { Button, Space, Tag, Typography, IconApps, IconPlus, IconPriceTag } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { $settings, OPERATORS, robotDetailPath, useDateTime, usePermission, useT, type Robot } from '@flotilla/shared';
import { EmptyState, Page, PagedTable, PageHeader, SaveFailedBanner, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useMemo, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { flowV3Path } from '../../../lib/paths';
import { RobotAvatar } from '../../../ui/robot-avatar';
import { SCENE_LIST_PATH } from '../../business-scenes/lib/scene-paths';
import { RobotStatusTag } from '../../../ui/robot-status-tag';
import { RobotTypeTag } from '../../../ui/robot-type-tag';
import { tagManagerOpened, tagsRequested } from '../../robot-tags/robot-tags.model';
import { TagFilter } from '../../robot-tags/ui/tag-filter';
import {
  $createdRobot,
  $keyword,
  $rowFailure,
  $tagFilter,
  createdRobotOpened,
  robotCreateClicked,
  robotList,
  robotsPageOpened,
  robotTagFilterChanged,
} from '../robots.model';
import { RobotListDialogs } from './robot-list-dialogs';
import { RobotRowActions } from './robot-row-actions';

const stopPropagation = (event: MouseEvent) => event.stopPropagation();
const STATUS_WIDTH = 120;
const ACTIONS_WIDTH = 230;
/** A narrow screen's table is at least this wide (room for a name next to status and actions) and scrolls sideways. */
const narrowTable = {
  scroller: { overflowX: 'auto' },
  table: { minWidth: 210 + STATUS_WIDTH + ACTIONS_WIDTH },
} as const;
const ellipsis = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  maxWidth: 'min(420px, 50vw)',
} as const;

/** `/robot`: the robots of the tenant, searched, filtered by tag and paged on the server. */
export function RobotListPage() {
  const t = useT();
  const formatDate = useDateTime();
  const navigate = useNavigate();
  const canManage = usePermission(OPERATORS);
  const model = useUnit({
    settings: $settings,
    keyword: $keyword,
    tagFilter: $tagFilter,
    rowFailure: $rowFailure,
    created: $createdRobot,
    opened: robotsPageOpened,
    createdOpened: createdRobotOpened,
    tagsWanted: tagsRequested,
    createClicked: robotCreateClicked,
    tagFilterChanged: robotTagFilterChanged,
    manageTagsClicked: tagManagerOpened,
  });
  const { opened, tagsWanted } = model;
  const narrow = model.settings.device === 'mobile';
  useEffect(() => {
    opened();
    tagsWanted();
  }, [opened, tagsWanted]);
  // A robot was just created: a simple one is set up on its detail page, a flow robot in its flow editor.
  const { created, createdOpened } = model;
  useEffect(() => {
    if (!created) return;
    createdOpened();
    navigate(created.type === 'flow' ? flowV3Path(created.processId) : robotDetailPath(created.processId));
  }, [created, createdOpened, navigate]);

  const createButton = canManage && (
    <Button theme="solid" type="primary" icon={<IconPlus />} onClick={model.createClicked}>
      {t('robots.list.create')}
    </Button>
  );
  const headerActions = canManage && (
    <>
      <Button icon={<IconApps />} onClick={() => navigate(SCENE_LIST_PATH)}>
        {t('robots.list.businessScenes')}
      </Button>
      <Button icon={<IconPriceTag />} onClick={model.manageTagsClicked}>
        {t('robots.tags.manage')}
      </Button>
      {createButton}
    </>
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
              {robot.tags.length > 0 && (
                <Space wrap spacing={4} style={{ marginTop: 4 }}>
                  {robot.tags.map((tag) => (
                    <Tag key={tag.id} size="small">
                      {tag.name}
                    </Tag>
                  ))}
                </Space>
              )}
            </div>
          </div>
        ),
      },
      // On a narrow screen (the shell's mobile mode, under 1024 px) the name, status and actions keep the room.
      ...(narrow
        ? []
        : [
            {
              title: t('robots.list.column.type'),
              dataIndex: 'type',
              width: 120,
              render: (_: unknown, robot: Robot) => <RobotTypeTag type={robot.type} />,
            },
          ]),
      {
        title: t('robots.list.column.status'),
        dataIndex: 'enabled',
        width: STATUS_WIDTH,
        render: (_, robot) => <RobotStatusTag enabled={robot.enabled} />,
      },
      ...(narrow
        ? []
        : [
            {
              title: t('robots.list.column.updatedAt'),
              dataIndex: 'updatedAt',
              width: 200,
              render: (_: unknown, robot: Robot) => formatDate(robot.updatedAt),
            },
          ]),
    ];
    if (!canManage) return base;
    return [
      ...base,
      {
        title: t('robots.list.column.actions'),
        dataIndex: 'actions',
        width: ACTIONS_WIDTH,
        render: (_, robot) => (
          // The confirmations render in a portal, but React still bubbles their clicks to the row.
          <div onClick={stopPropagation}>
            <RobotRowActions robot={robot} />
          </div>
        ),
      },
    ];
  }, [t, formatDate, canManage, narrow]);

  const filtered = Boolean(model.keyword || model.tagFilter);
  const empty = filtered ? (
    <EmptyState
      title={model.keyword ? t('robots.list.noMatch', { keyword: model.keyword }) : t('robots.list.noMatchTag')}
      description={t('robots.list.noMatchHint')}
    />
  ) : (
    <EmptyState
      title={t('robots.list.empty')}
      description={t(canManage ? 'robots.list.emptyHint' : 'robots.list.emptyHintReadonly')}
      action={createButton}
    />
  );

  return (
    <Page>
      <PageHeader title={t('robots.list.title')} description={t('robots.list.description')} extra={headerActions} />
      <SaveFailedBanner failure={model.rowFailure} title={t('robots.detail.actionFailed')} />
      <Surface>
        {/* On a narrow screen the table scrolls sideways rather than squeezing its columns. */}
        <div style={narrow ? narrowTable.scroller : undefined}>
          <div style={narrow ? narrowTable.table : undefined}>
            <PagedTable
              list={robotList}
              rowKey="processId"
              columns={columns}
              onRow={(robot) =>
                robot ? { onClick: () => navigate(robotDetailPath(robot.processId)), style: { cursor: 'pointer' } } : {}
              }
              searchLabel={t('robots.list.search')}
              filters={<TagFilter value={model.tagFilter} onChange={model.tagFilterChanged} />}
              totalLabel={(count) => t('robots.list.total', { count })}
              empty={empty}
              failedTitle={t('robots.list.loadFailed')}
            />
          </div>
        </div>
      </Surface>
      <RobotListDialogs />
    </Page>
  );
}
