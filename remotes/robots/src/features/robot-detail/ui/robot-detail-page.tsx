import { Descriptions, Space, Spin, TabPane, Tabs, Tag, Typography } from '@flotilla/shared/ui/semi';
import {
  $role,
  failureText,
  hasPermission,
  OPERATORS,
  Permission,
  robotDetailPath,
  STAFF,
  useDateTime,
  useT,
  type Robot,
  type Role,
} from '@flotilla/shared';
import { BackButton, EmptyState, ErrorState, Page, PageHeader, SaveFailedBanner, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ROBOT_LIST_PATH } from '../../../lib/paths';
import { RobotAvatar } from '../../../ui/robot-avatar';
import { RobotStatusTag } from '../../../ui/robot-status-tag';
import { RobotTypeTag } from '../../../ui/robot-type-tag';
import { BasicConfigTab } from '../../robot-basic-config/ui/basic-config-tab';
import { CaseFormTab } from '../../robot-case-form/ui/case-form-tab';
import { DebugTab } from '../../robot-debug/ui/debug-tab';

import { LogsTab } from '../../robot-logs/ui/logs-tab';
import { EditRobotModal } from '../../robot-edit/ui/edit-robot-modal';
import { PresetTab } from '../../robot-preset/ui/preset-tab';

import { SecretsTab } from '../../robot-secrets/ui/secrets-tab';
import { ShareTab } from '../../robot-share/ui/share-tab';
import {
  $actionFailure,
  $clonedRobot,
  $detailFailure,
  $detailStatus,
  $robot,
  $robotId,
  robotDetailOpened,
  robotDetailRetryClicked,
} from '../robot-detail.model';
import { RobotActions } from './robot-actions';

/** One tab of the detail page, shown to the roles whose calls it makes (the server checks them too). */
type DetailTab = { key: string; titleId: string; roles: readonly Role[]; render: (robot: Robot) => ReactNode };

/** The detail tabs in order. Agents read only the logs (they review the robots' answers). */
const DETAIL_TABS: readonly DetailTab[] = [
  { key: 'basic', titleId: 'robots.tab.basic', roles: OPERATORS, render: (robot) => <BasicConfigTab robot={robot} /> },
  { key: 'preset', titleId: 'robots.tab.preset', roles: OPERATORS, render: (robot) => <PresetTab robot={robot} /> },
  { key: 'share', titleId: 'robots.tab.share', roles: OPERATORS, render: (robot) => <ShareTab robot={robot} /> },
  {
    key: 'caseForm',
    titleId: 'robots.tab.caseForm',
    roles: OPERATORS,
    render: (robot) => <CaseFormTab robot={robot} />,
  },
  { key: 'secrets', titleId: 'robots.tab.secrets', roles: OPERATORS, render: (robot) => <SecretsTab robot={robot} /> },
  { key: 'logs', titleId: 'robots.tab.logs', roles: STAFF, render: (robot) => <LogsTab robot={robot} /> },
  { key: 'debug', titleId: 'robots.tab.debug', roles: OPERATORS, render: (robot) => <DebugTab robot={robot} /> },
];

/** `/ai/:id?/detail`: what the server holds about one robot. */
export function RobotDetailPage() {
  const t = useT();
  const formatDate = useDateTime();
  const navigate = useNavigate();
  const { id } = useParams();
  const {
    robot: storedRobot,
    shownId,
    status: storedStatus,
    failure,
    actionFailure,
    cloned,
    role,
    opened,
    retried,
  } = useUnit({
    role: $role,
    shownId: $robotId,
    robot: $robot,
    status: $detailStatus,
    failure: $detailFailure,
    actionFailure: $actionFailure,
    cloned: $clonedRobot,
    opened: robotDetailOpened,
    retried: robotDetailRetryClicked,
  });
  useEffect(() => {
    opened(id);
  }, [id, opened]);
  // A copy was just made: open it (opening clears it in the model).
  useEffect(() => {
    if (cloned) navigate(robotDetailPath(cloned.processId));
  }, [cloned, navigate]);
  // Until the model has caught up with the route (first render), the stored state is another robot's.
  const current = shownId === (id || null);
  const status = current ? storedStatus : 'loading';
  const robot = current ? storedRobot : null;

  const back = <BackButton to={ROBOT_LIST_PATH}>{t('robots.detail.back')}</BackButton>;

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
          description={failure ? failureText(failure, t) : undefined}
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
        extra={
          <>
            {status === 'loading' && <Spin size="small" />}
            <Permission roles={OPERATORS}>
              <RobotActions robot={robot} />
            </Permission>
          </>
        }
      />
      <SaveFailedBanner failure={actionFailure} title={t('robots.detail.actionFailed')} />
      <EditRobotModal />
      <Surface>
        <Descriptions data={fields} />
      </Surface>
      <Surface>
        {/* Keyed by robot: a copy opened from here starts on its first tab with fresh forms. Collapsible:
            on a narrow screen the tabs that do not fit scroll instead of overflowing the page. */}
        <Tabs key={robot.processId} type="line" lazyRender collapsible>
          {DETAIL_TABS.filter((tab) => hasPermission(tab.roles, role)).map((tab) => (
            <TabPane key={tab.key} itemKey={tab.key} tab={t(tab.titleId)}>
              <div style={{ paddingTop: 16 }}>{tab.render(robot)}</div>
            </TabPane>
          ))}
        </Tabs>
      </Surface>
    </Page>
  );
}
