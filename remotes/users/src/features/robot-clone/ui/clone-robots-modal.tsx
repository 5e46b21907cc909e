import { Banner, Modal, Select, Typography } from '@flotilla/shared/ui/semi';
import { CLONE_BATCH_LIMITS, failureText, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { Link } from 'react-router-dom';
import {
  $cloneError,
  $cloneOpen,
  $cloneUserIds,
  $cloning,
  $pickedRobotIds,
  $queuedTask,
  $robotNames,
  $robotOptions,
  cloneDialogClosed,
  cloneSubmitted,
  robotsPicked,
  robotsSearched,
} from '../robot-clone.model';

const TASK_LIST_PATH = '/task-list';

/** "Clone robots to these users": pick robots, queue the task, then a notice linking to the task list. */
export function CloneRobotsModal() {
  const t = useT();
  const m = useUnit({
    open: $cloneOpen,
    userIds: $cloneUserIds,
    options: $robotOptions,
    names: $robotNames,
    picked: $pickedRobotIds,
    cloning: $cloning,
    error: $cloneError,
    task: $queuedTask,
    closed: cloneDialogClosed,
    submitted: cloneSubmitted,
    pickedChanged: robotsPicked,
    searched: robotsSearched,
  });
  // The picked robots stay listed (with their names) while a search shows others.
  const shown = [
    ...m.picked.filter((id) => !m.options.some((o) => o.id === id)).map((id) => ({ id, name: m.names[id] ?? id })),
    ...m.options,
  ];
  const queued = m.task !== null;

  return (
    <Modal
      visible={m.open}
      title={t('users.clone.title', { count: m.userIds.length })}
      okText={queued ? t('users.clone.close') : t('users.clone.submit')}
      cancelText={t('users.create.cancel')}
      confirmLoading={m.cloning}
      okButtonProps={{
        'aria-label': queued ? t('users.clone.close') : t('users.clone.submit'),
        disabled: !queued && m.picked.length === 0,
      }}
      cancelButtonProps={{ 'aria-label': t('users.create.cancel') }}
      onOk={() => (queued ? m.closed() : m.submitted())}
      onCancel={() => m.closed()}
      maskClosable={false}
      width={520}
    >
      {queued ? (
        <Banner
          type="success"
          fullMode={false}
          closeIcon={null}
          title={t('users.clone.queued', { robots: m.picked.length, users: m.userIds.length })}
          description={<Link to={TASK_LIST_PATH}>{t('users.clone.taskList')}</Link>}
          data-testid="clone-queued"
        />
      ) : (
        <>
          {m.error && (
            <Banner
              type="danger"
              closeIcon={null}
              description={t('users.clone.failed', { message: failureText(m.error, t) })}
              style={{ marginBottom: 16 }}
            />
          )}
          <Typography.Paragraph>{t('users.clone.content')}</Typography.Paragraph>
          {/* Semi's select names itself by aria-labelledby only: the visible label names it. */}
          <label className="flu-user-manage__label" id="flu-clone-robots-label">
            {t('users.clone.robots')}
          </label>
          <Select
            aria-labelledby="flu-clone-robots-label"
            multiple
            filter
            remote
            style={{ width: '100%' }}
            value={m.picked}
            max={CLONE_BATCH_LIMITS.robots}
            placeholder={t('users.clone.pick')}
            onSearch={(keyword: string) => m.searched(keyword)}
            onChange={(value) => m.pickedChanged(Array.isArray(value) ? (value as string[]) : [])}
            optionList={shown.map((robot) => ({ value: robot.id, label: robot.name }))}
            emptyContent={t('users.clone.noRobot')}
          />
        </>
      )}
    </Modal>
  );
}
