import { Button, IconArrowLeft, IconCopy, IconDelete, Popconfirm, Space, Tag } from '@flotilla/shared/ui/semi';
import { robotDetailPath, saveFile, useDateTime, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useReactFlow } from 'reactflow';
import {
  $canRedo,
  $canUndo,
  $clipboard,
  $dirty,
  $graph,
  $issues,
  $publishedAt,
  $publishing,
  $robot,
  $saving,
  $selectedEdges,
  $selectedNodes,
  $unpublished,
  copyClicked,
  deleteClicked,
  layoutClicked,
  pasteClicked,
  publishConfirmed,
  redoClicked,
  saveClicked,
  selectAllClicked,
  undoClicked,
} from '../flow-editor.model';
import { flowFileName, flowFileText } from '../lib/import-flow';
import { ImportFlowButton } from './import-flow-button';

/**
 * The editor's commands: back, save, publish (saving first), undo and redo, copy, paste, delete, select all,
 * fit and lay out, versions, export and import, debug; what is published and the issue count.
 */
export function FlowToolbar({
  debugOpen,
  onDebugToggle,
  onVersionsOpen,
}: {
  debugOpen: boolean;
  onDebugToggle: () => void;
  onVersionsOpen: () => void;
}) {
  const t = useT();
  const formatDate = useDateTime();
  const navigate = useNavigate();
  const { fitView } = useReactFlow();
  const m = useUnit({
    robot: $robot,
    graph: $graph,
    dirty: $dirty,
    saving: $saving,
    publishing: $publishing,
    publishedAt: $publishedAt,
    unpublished: $unpublished,
    issues: $issues,
    canUndo: $canUndo,
    canRedo: $canRedo,
    clipboard: $clipboard,
    selectedNodes: $selectedNodes,
    selectedEdges: $selectedEdges,
    save: saveClicked,
    publish: publishConfirmed,
    undo: undoClicked,
    redo: redoClicked,
    copy: copyClicked,
    paste: pasteClicked,
    remove: deleteClicked,
    selectAll: selectAllClicked,
    layout: layoutClicked,
  });
  const nothingSelected = m.selectedNodes.length === 0 && m.selectedEdges.length === 0;
  const command = (labelId: string, onClick: () => void, disabled = false, icon?: ReactNode) => (
    <Button icon={icon} aria-label={t(labelId)} title={t(labelId)} disabled={disabled} onClick={onClick}>
      {icon ? undefined : t(labelId)}
    </Button>
  );
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, padding: '8px 0' }}>
      <Button
        theme="borderless"
        type="tertiary"
        icon={<IconArrowLeft />}
        onClick={() => m.robot && navigate(robotDetailPath(m.robot.processId))}
      >
        {m.robot?.name ?? t('robots.flowEditor.back')}
      </Button>
      <Space wrap spacing={4}>
        {m.publishedAt ? (
          <Tag color="green">{t('robots.flowEditor.publishedAt', { at: formatDate(m.publishedAt) })}</Tag>
        ) : (
          <Tag color="grey">{t('robots.flowEditor.notPublished')}</Tag>
        )}
        {(m.unpublished || m.dirty) && m.publishedAt && (
          <Tag color="orange">{t('robots.flowEditor.unpublishedChanges')}</Tag>
        )}
        {m.dirty && <Tag color="amber">{t('robots.flowEditor.unsaved')}</Tag>}
        <Tag color={m.issues.total > 0 ? 'red' : 'green'} data-testid="flow-issue-count">
          {t('robots.flowEditor.issues', { count: m.issues.total })}
        </Tag>
      </Space>
      <div style={{ flex: 1 }} />
      <Space wrap spacing={4}>
        {command('robots.flowEditor.undo', m.undo, !m.canUndo)}
        {command('robots.flowEditor.redo', m.redo, !m.canRedo)}
        {command('robots.flowEditor.copy', m.copy, m.selectedNodes.length === 0, <IconCopy />)}
        {command('robots.flowEditor.paste', m.paste, m.clipboard === null)}
        {command('robots.flowEditor.delete', m.remove, nothingSelected, <IconDelete />)}
        {command('robots.flowEditor.selectAll', m.selectAll)}
        {command('robots.flowEditor.fitView', () => fitView({ padding: 0.2 }))}
        {command('robots.flowEditor.layout', () => {
          m.layout();
          // The new positions are drawn on the next frame; fit the view to them then.
          requestAnimationFrame(() => fitView({ padding: 0.2 }));
        })}
      </Space>
      <Space wrap spacing={4}>
        <Button onClick={onVersionsOpen}>{t('robots.flowEditor.versions')}</Button>
        <Button
          onClick={() =>
            m.robot &&
            saveFile(new Blob([flowFileText(m.graph)], { type: 'application/json' }), flowFileName(m.robot.name))
          }
          aria-label={t('robots.flowEditor.export')}
        >
          {t('robots.flowEditor.export')}
        </Button>
        <ImportFlowButton />
        <Button theme={debugOpen ? 'solid' : 'light'} aria-pressed={debugOpen} onClick={onDebugToggle}>
          {t('robots.flowEditor.debug')}
        </Button>
        <Button theme="solid" type="primary" disabled={!m.dirty} loading={m.saving} onClick={() => m.save()}>
          {t('robots.flowEditor.save')}
        </Button>
        <Popconfirm
          title={t(m.dirty ? 'robots.flowEditor.publishDirtyTitle' : 'robots.flowEditor.publishTitle')}
          content={t('robots.flowEditor.publishContent')}
          okText={t(m.dirty ? 'robots.flowEditor.saveAndPublish' : 'robots.flowEditor.publish')}
          cancelText={t('robots.flowEditor.cancel')}
          okButtonProps={{
            'aria-label': t(m.dirty ? 'robots.flowEditor.saveAndPublish' : 'robots.flowEditor.publish'),
          }}
          cancelButtonProps={{ 'aria-label': t('robots.flowEditor.cancel') }}
          onConfirm={() => {
            m.publish();
          }}
        >
          <Button theme="solid" type="warning" loading={m.publishing}>
            {t('robots.flowEditor.publish')}
          </Button>
        </Popconfirm>
      </Space>
    </div>
  );
}
