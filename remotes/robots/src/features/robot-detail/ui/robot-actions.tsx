import { Button, Popconfirm, Space, IconCopyAdd, IconEdit, IconPause, IconPlay } from '@flotilla/shared/ui/semi';
import { useT, type Robot } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { robotEditClicked } from '../../robot-edit/robot-edit.model';
import { $cloning, $enabling, robotCloneConfirmed, robotEnabledToggled } from '../robot-detail.model';
import { FlowEntryButton } from './flow-entry-button';

/** Edit (name, description, icon), enable (one click) or disable (confirmed: its share stops answering) and clone (confirmed). */
export function RobotActions({ robot }: { robot: Robot }) {
  const t = useT();
  const m = useUnit({
    enabling: $enabling,
    cloning: $cloning,
    toggled: robotEnabledToggled,
    cloneConfirmed: robotCloneConfirmed,
    editClicked: robotEditClicked,
  });
  const confirmProps = (ok: string) => ({
    okText: ok,
    cancelText: t('robots.detail.cancel'),
    // Semi labels these buttons "confirm"/"cancel" for screen readers; give them their visible text.
    okButtonProps: { 'aria-label': ok },
    cancelButtonProps: { 'aria-label': t('robots.detail.cancel') },
  });
  return (
    <Space wrap>
      <FlowEntryButton robot={robot} />
      <Button icon={<IconEdit />} onClick={() => m.editClicked(robot)}>
        {t('robots.detail.edit')}
      </Button>
      {robot.enabled ? (
        <Popconfirm
          title={t('robots.detail.disableTitle', { name: robot.name })}
          content={t('robots.detail.disableContent')}
          okType="warning"
          onConfirm={() => {
            m.toggled(false);
          }}
          {...confirmProps(t('robots.detail.disable'))}
        >
          <Button icon={<IconPause />} loading={m.enabling}>
            {t('robots.detail.disable')}
          </Button>
        </Popconfirm>
      ) : (
        <Button icon={<IconPlay />} theme="solid" type="primary" loading={m.enabling} onClick={() => m.toggled(true)}>
          {t('robots.detail.enable')}
        </Button>
      )}
      <Popconfirm
        title={t('robots.detail.cloneTitle', { name: robot.name })}
        content={t('robots.detail.cloneContent')}
        onConfirm={() => {
          m.cloneConfirmed();
        }}
        {...confirmProps(t('robots.detail.clone'))}
      >
        <Button icon={<IconCopyAdd />} loading={m.cloning}>
          {t('robots.detail.clone')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
