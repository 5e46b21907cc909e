import {
  Button,
  Popconfirm,
  Space,
  Tooltip,
  IconCopyAdd,
  IconDelete,
  IconEdit,
  IconPause,
  IconPlay,
  IconPriceTag,
} from '@flotilla/shared/ui/semi';
import { useT, type Robot } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useState, type ReactElement } from 'react';
import { robotEditClicked } from '../../robot-edit/robot-edit.model';
import { tagBindOpened } from '../../robot-tags/robot-tags.model';
import { $deletingIds, $rowBusyIds, robotDeleteConfirmed, robotRowCloneConfirmed, robotRowEnabledToggled } from '../robots.model';

/** The button and, over it, the tooltip's anchor; clicks go through the anchor to the button. */
const actionBox = { position: 'relative', display: 'inline-flex' } as const;
const tooltipAnchor = { position: 'absolute', inset: 0, pointerEvents: 'none' } as const;

/**
 * An icon button with its name as accessible name and, while pointed at or focused, as tooltip. The
 * tooltip mounts the first time the pointer or focus reaches the button: a Semi Tooltip per button, five
 * a row, was a good part of the list's first render. It sits beside the button, over it, so the button
 * itself never re-mounts (no click or focus is lost).
 */
function Action({ label, button }: { label: string; button: ReactElement }) {
  const [open, setOpen] = useState(false);
  const [armed, setArmed] = useState(false);
  const show = () => {
    setArmed(true);
    setOpen(true);
  };
  const hide = () => setOpen(false);
  return (
    <span style={actionBox} onPointerEnter={show} onPointerLeave={hide} onFocus={show} onBlur={hide}>
      {button}
      {armed && (
        <Tooltip content={label} trigger="custom" visible={open}>
          <span style={tooltipAnchor} />
        </Tooltip>
      )}
    </span>
  );
}

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
            <Action label={disable} button={<Button theme="borderless" icon={<IconPause />} loading={busy} aria-label={disable} />} />
          </span>
        </Popconfirm>
      ) : (
        <Action
          label={enable}
          button={<Button theme="borderless" icon={<IconPlay />} loading={busy} aria-label={enable} onClick={() => m.toggled({ robot, enabled: true })} />}
        />
      )}
      <Action label={edit} button={<Button theme="borderless" icon={<IconEdit />} aria-label={edit} onClick={() => m.editClicked(robot)} />} />
      <Action label={tags} button={<Button theme="borderless" icon={<IconPriceTag />} aria-label={tags} onClick={() => m.tagsClicked(robot)} />} />
      <Popconfirm
        title={t('robots.detail.cloneTitle', { name: robot.name })}
        content={t('robots.detail.cloneContent')}
        onConfirm={() => {
          m.cloneConfirmed(robot);
        }}
        {...confirmProps(t('robots.detail.clone'), t('robots.detail.cancel'))}
      >
        <span>
          <Action label={clone} button={<Button theme="borderless" icon={<IconCopyAdd />} loading={busy} aria-label={clone} />} />
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
            button={<Button type="danger" theme="borderless" icon={<IconDelete />} loading={m.deletingIds.includes(robot.processId)} aria-label={remove} />}
          />
        </span>
      </Popconfirm>
    </Space>
  );
}
