import {
  Button,
  Popconfirm,
  Space,
  IconCopyAdd,
  IconDelete,
  IconEdit,
  IconPause,
  IconPlay,
  IconPriceTag,
} from '@flotilla/shared/ui/semi';
import { useT, type Robot } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { robotEditClicked } from '../../robot-edit/robot-edit.model';
import { tagBindOpened } from '../../robot-tags/robot-tags.model';
import {
  $deletingIds,
  $rowBusyIds,
  robotDeleteConfirmed,
  robotRowCloneConfirmed,
  robotRowEnabledToggled,
} from '../robots.model';
import { Action } from './action';

/** The actions of one robot of the list: enable or disable, edit, tags, clone, delete. */
export function RobotRowActions({ robot }: { robot: Robot }) {
  const t = useT();
  const m = useUnit({
    busyIds: $rowBusyIds,
    deletingIds: $deletingIds,
    toggled: robotRowEnabledToggled,
    cloneConfirmed: robotRowCloneConfirmed,
    deleteConfirmed: robotDeleteConfirmed,
    tagsClicked: tagBindOpened,
    editClicked: robotEditClicked,
  });
  const busy = m.busyIds.includes(robot.processId);
  const confirmProps = (ok: string, cancel: string) => ({
    okText: ok,
    cancelText: cancel,
    // Semi labels these buttons "confirm"/"cancel" for screen readers; give them their visible text.
    okButtonProps: { 'aria-label': ok },
    cancelButtonProps: { 'aria-label': cancel },
  });
  const enable = t('robots.row.enable', { name: robot.name });
  const disable = t('robots.row.disable', { name: robot.name });
  const edit = t('robots.row.edit', { name: robot.name });
  const tags = t('robots.row.tags', { name: robot.name });
  const clone = t('robots.row.clone', { name: robot.name });
  const remove = t('robots.row.delete', { name: robot.name });
  return (
    <Space spacing={2}>
      {robot.enabled ? (
        <Popconfirm
          title={t('robots.detail.disableTitle', { name: robot.name })}
          content={t('robots.detail.disableContent')}
          okType="warning"
          onConfirm={() => {
            m.toggled({ robot, enabled: false });
          }}
          {...confirmProps(t('robots.detail.disable'), t('robots.detail.cancel'))}
        >
          <span>
            <Action
              label={disable}
              button={<Button theme="borderless" icon={<IconPause />} loading={busy} aria-label={disable} />}
            />
          </span>
        </Popconfirm>
      ) : (
        <Action
          label={enable}
          button={
            <Button
              theme="borderless"
              icon={<IconPlay />}
              loading={busy}
              aria-label={enable}
              onClick={() => m.toggled({ robot, enabled: true })}
            />
          }
        />
      )}
      <Action
        label={edit}
        button={
          <Button theme="borderless" icon={<IconEdit />} aria-label={edit} onClick={() => m.editClicked(robot)} />
        }
      />
      <Action
        label={tags}
        button={
          <Button theme="borderless" icon={<IconPriceTag />} aria-label={tags} onClick={() => m.tagsClicked(robot)} />
        }
      />
      <Popconfirm
        title={t('robots.detail.cloneTitle', { name: robot.name })}
        content={t('robots.detail.cloneContent')}
        onConfirm={() => {
          m.cloneConfirmed(robot);
        }}
        {...confirmProps(t('robots.detail.clone'), t('robots.detail.cancel'))}
      >
        <span>
          <Action
            label={clone}
            button={<Button theme="borderless" icon={<IconCopyAdd />} loading={busy} aria-label={clone} />}
          />
        </span>
      </Popconfirm>
      <Popconfirm
        title={t('robots.delete.title', { name: robot.name })}
        content={t('robots.delete.content')}
        okType="danger"
        onConfirm={() => {
          m.deleteConfirmed(robot);
        }}
        {...confirmProps(t('robots.delete.ok'), t('robots.delete.cancel'))}
      >
        <span>
          <Action
            label={remove}
            button={
              <Button
                type="danger"
                theme="borderless"
                icon={<IconDelete />}
                loading={m.deletingIds.includes(robot.processId)}
                aria-label={remove}
              />
            }
          />
        </span>
      </Popconfirm>
    </Space>
  );
}
