import { Modal } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { useBlocker } from 'react-router-dom';

/** Asks before the router leaves the page while `when` holds (needs a data router, as the shell's). */
export function LeavePrompt({ when }: { when: boolean }) {
  const t = useT();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  const blocked = blocker.state === 'blocked';
  return (
    <Modal
      title={t('robots.flowV1.leave.title')}
      visible={blocked}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
      okText={t('robots.flowV1.leave.ok')}
      cancelText={t('robots.flowV1.leave.cancel')}
      okButtonProps={{ type: 'danger', 'aria-label': t('robots.flowV1.leave.ok') }}
      cancelButtonProps={{ 'aria-label': t('robots.flowV1.leave.cancel') }}
    >
      {t('robots.flowV1.leave.content')}
    </Modal>
  );
}
