import { Banner, Button, IconArrowLeft, Spin, Typography } from '@flotilla/shared/ui/semi';
import { failureText, robotDetailPath, useT } from '@flotilla/shared';
import { EmptyState, ErrorState, Page } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useContext, useEffect, useMemo, useState } from 'react';
import { UNSAFE_DataRouterContext, useNavigate, useParams } from 'react-router-dom';
import { ReactFlowProvider } from 'reactflow';
import { ROBOT_LIST_PATH } from '../../../lib/paths';
import {
  $convertedFromV1,
  $dirty,
  $graph,
  $isNewFlow,
  $loadFailure,
  $processId,
  $saveFailure,
  $selectedNodes,
  $serverIssues,
  $status,
  copyClicked,
  deleteClicked,
  flowEditorOpened,
  flowEditorRetryClicked,
  pasteClicked,
  redoClicked,
  saveClicked,
  selectAllClicked,
  undoClicked,
} from '../flow-editor.model';
import { DebugPanel } from './debug-panel';
import { FlowCanvas } from './flow-canvas';
import { FlowToolbar } from './flow-toolbar';
import { NodePalette } from './node-palette';
import { NodePanel } from './node-panel';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { useEditorShortcuts } from './use-editor-shortcuts';
import { VersionsSheet } from './versions-sheet';

/**
 * `/ai/:id/flow/v3`: a robot's flow drawn as a graph. The palette on the left, the canvas, and on the
 * right the selected node's fields or the debug panel. Leaving with unsaved changes asks first.
 */
export function FlowEditorPage({ onlyRenderVisibleElements = true }: { onlyRenderVisibleElements?: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const { id } = useParams();
  const inDataRouter = useContext(UNSAFE_DataRouterContext) !== null;
  const [debugOpen, setDebugOpen] = useState(false);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const m = useUnit({
    shownId: $processId,
    status: $status,
    failure: $loadFailure,
    saveFailure: $saveFailure,
    serverIssues: $serverIssues,
    graph: $graph,
    selected: $selectedNodes,
    dirty: $dirty,
    fromV1: $convertedFromV1,
    isNew: $isNewFlow,
    opened: flowEditorOpened,
    retried: flowEditorRetryClicked,
    save: saveClicked,
    undo: undoClicked,
    redo: redoClicked,
    copy: copyClicked,
    paste: pasteClicked,
    selectAll: selectAllClicked,
    remove: deleteClicked,
  });
  const { opened, dirty, save, undo, redo, copy, paste, selectAll, remove } = m;
  useEffect(() => {
    if (id) opened(id);
  }, [id, opened]);
  // Closing or reloading the tab with unsaved changes: the browser asks.
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const shortcuts = useMemo(
    () => ({
      save: () => save(),
      undo: () => undo(),
      redo: () => redo(),
      copy: () => copy(),
      paste: () => paste(),
      selectAll: () => selectAll(),
      remove: () => remove(),
    }),
    [save, undo, redo, copy, paste, selectAll, remove],
  );
  const current = m.shownId === (id ?? null);
  const status = current ? m.status : 'loading';
  useEditorShortcuts(shortcuts, status === 'ready');

  const back = (
    <Button
      theme="borderless"
      type="tertiary"
      icon={<IconArrowLeft />}
      onClick={() => navigate(id ? robotDetailPath(id) : ROBOT_LIST_PATH)}
    >
      {t('robots.flowEditor.back')}
    </Button>
  );
  if (!id || status === 'notFound')
    return (
      <Page>
        {back}
        <EmptyState title={t('robots.detail.notFound')} description={t('robots.detail.notFoundHint')} />
      </Page>
    );
  if (status === 'error')
    return (
      <Page>
        {back}
        <ErrorState
          title={t('robots.flowEditor.loadFailed')}
          description={m.failure ? failureText(m.failure, t) : undefined}
          onRetry={m.retried}
        />
      </Page>
    );
  if (status === 'loading')
    return (
      <Page>
        {back}
        <Spin size="large" tip={t('robots.flowEditor.loading')} style={{ width: '100%', padding: 48 }} />
      </Page>
    );

  const selectedNode = m.selected.length === 1 ? m.graph.nodes.find((node) => node.id === m.selected[0]) : undefined;
  return (
    <ReactFlowProvider>
      <div style={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 120px)', minHeight: 480 }}>
        <FlowToolbar
          debugOpen={debugOpen}
          onDebugToggle={() => setDebugOpen((open) => !open)}
          onVersionsOpen={() => setVersionsOpen(true)}
        />
        {m.fromV1 && <Banner type="info" closeIcon={null} description={t('robots.flowEditor.fromV1')} />}
        {m.isNew && <Banner type="info" closeIcon={null} description={t('robots.flowEditor.newFlow')} />}
        {m.saveFailure && (
          <Banner
            type="danger"
            closeIcon={null}
            title={t('robots.flowEditor.saveFailed')}
            description={
              m.serverIssues.total > 0
                ? t('robots.flowEditor.saveRefused', { count: m.serverIssues.total })
                : failureText(m.saveFailure, t)
            }
          />
        )}
        <div
          style={{
            display: 'flex',
            flex: 1,
            minHeight: 0,
            border: '1px solid var(--semi-color-border)',
            borderRadius: 8,
            overflow: 'hidden',
          }}
        >
          <NodePalette />
          <div style={{ flex: 1, minWidth: 0, position: 'relative' }}>
            <FlowCanvas onlyRenderVisibleElements={onlyRenderVisibleElements} />
          </div>
          <aside
            style={{
              width: 340,
              flexShrink: 0,
              overflowY: 'auto',
              padding: 12,
              borderLeft: '1px solid var(--semi-color-border)',
              background: 'var(--semi-color-bg-1)',
            }}
          >
            {debugOpen ? (
              <DebugPanel />
            ) : selectedNode ? (
              <NodePanel node={selectedNode} />
            ) : (
              <Typography.Text type="tertiary">{t('robots.flowEditor.panel.empty')}</Typography.Text>
            )}
          </aside>
        </div>
      </div>
      <VersionsSheet visible={versionsOpen} onClose={() => setVersionsOpen(false)} />
      {inDataRouter && <UnsavedChangesGuard dirty={m.dirty} />}
    </ReactFlowProvider>
  );
}
