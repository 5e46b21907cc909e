import { Modal } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { useBlocker } from 'react-router-dom';

/**
 * Asks before the router leaves the editor with unsaved changes (the tab closing is asked by the
 * browser: see the page's beforeunload). Needs a data router, which the shell's is.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const t = useT();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <Modal
      visible={blocker.state === 'blocked'}
      title={t('robots.flowEditor.leave.title')}
      okText={t('robots.flowEditor.leave.ok')}
      cancelText={t('robots.flowEditor.leave.cancel')}
      okType="danger"
      // Semi names these buttons "confirm"/"cancel" for screen readers; give them their visible words.
      okButtonProps={{ 'aria-label': t('robots.flowEditor.leave.ok') }}
      cancelButtonProps={{ 'aria-label': t('robots.flowEditor.leave.cancel') }}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {t('robots.flowEditor.leave.content')}
    </Modal>
  );
}
