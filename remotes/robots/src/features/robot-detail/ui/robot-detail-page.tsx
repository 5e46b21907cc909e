import { Button, Descriptions, Space, Spin, Tag, Typography } from '@douyinfe/semi-ui';
import { IconArrowLeft } from '@douyinfe/semi-icons';
import { useDateTime, useT } from '@flotilla/shared';
import { EmptyState, ErrorState, Page, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ROBOT_LIST_PATH } from '../../../lib/paths';
import { RobotAvatar, RobotStatusTag, RobotTypeTag } from '../../../ui/robot-badges';
import { $detailFailure, $detailStatus, $robot, $robotId, robotDetailOpened, robotDetailRetryClicked } from '../robot-detail.model';

/** `/ai/:id?/detail`: what the server holds about one robot. */
export function RobotDetailPage() {
  const t = useT();
  const formatDate = useDateTime();
  const navigate = useNavigate();
  const { id } = useParams();
  const { robot: storedRobot, shownId, status: storedStatus, failure, opened, retried } = useUnit({
    shownId: $robotId,
    robot: $robot,
    status: $detailStatus,
    failure: $detailFailure,
    opened: robotDetailOpened,
    retried: robotDetailRetryClicked,
  });
  useEffect(() => {
    opened(id);
  }, [id, opened]);
  // Until the model has caught up with the route (first render), the stored state is another robot's.
  const current = shownId === (id || null);
  const status = current ? storedStatus : 'loading';
  const robot = current ? storedRobot : null;

  const back = (
    <div>
      <Button theme="borderless" type="tertiary" icon={<IconArrowLeft />} onClick={() => navigate(ROBOT_LIST_PATH)} style={{ paddingLeft: 0 }}>
        {t('robots.detail.back')}
      </Button>
    </div>
  );

  if (status === 'not-found') {
    return (
      <Page>
        {back}
        <EmptyState title={t('robots.detail.notFound')} description={t('robots.detail.notFoundHint')} />
      </Page>
    );
  }
  if (status === 'error') {
    return (
      <Page>
        {back}
        <ErrorState
          title={t('robots.detail.loadFailed')}
          description={failure?.status === 0 ? t('robots.error.network') : failure?.message}
          onRetry={retried}
        />
      </Page>
    );
  }
  if (!robot) {
    return (
      <Page>
        {back}
        <Spin size="large" tip={t('robots.detail.loading')} style={{ width: '100%', padding: 48 }} />
      </Page>
    );
  }

  const none = (id: string) => <Typography.Text type="tertiary">{t(id)}</Typography.Text>;
  const fields = [
    { key: t('robots.field.name'), value: robot.name },
    { key: t('robots.field.description'), value: robot.description || none('robots.detail.noDescription') },
    { key: t('robots.field.type'), value: <RobotTypeTag type={robot.type} /> },
    { key: t('robots.field.status'), value: <RobotStatusTag enabled={robot.enabled} /> },
    {
      key: t('robots.field.tags'),
      value: robot.tags.length ? (
        <Space wrap spacing={4}>
          {robot.tags.map((tag) => (
            <Tag key={tag.id}>{tag.name}</Tag>
          ))}
        </Space>
      ) : (
        none('robots.detail.noTags')
      ),
    },
    { key: t('robots.field.id'), value: <Typography.Text copyable>{robot.processId}</Typography.Text> },
    { key: t('robots.field.createdAt'), value: formatDate(robot.createdAt) },
    { key: t('robots.field.updatedAt'), value: formatDate(robot.updatedAt) },
  ];

  return (
    <Page>
      <PageHeader
        back={back}
        title={
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 12 }}>
            <RobotAvatar robot={robot} size="default" />
            {robot.name}
          </span>
        }
        extra={status === 'loading' ? <Spin size="small" /> : undefined}
      />
      <Surface>
        <Descriptions data={fields} />
      </Surface>
    </Page>
  );
}
