// Loaded on demand (dynamic import): everything here needs Semi, which the login page must not load.
import { Button, Modal, Notification, Space, Toast } from '@flotilla/shared/ui/semi';
import { translate } from '@flotilla/shared';
import { NOTICE_CONFIG, type Notice } from './notice';
import './semi-notices.css';

Notification.config({ duration: NOTICE_CONFIG.durationMs / 1000, position: NOTICE_CONFIG.position });
Toast.config({ duration: NOTICE_CONFIG.durationMs / 1000, top: 'auto', bottom: 24 });

export function showNotice({ type, titleId, content, contentId, id }: Notice): void {
  Notification[type]({
    id,
    title: translate(titleId),
    content: content ?? (contentId ? translate(contentId) : undefined),
    theme: 'light',
  });
}

/** The forced-logout modal with one OK button; resolves when it closes, however it closes. */
export function forcedLogoutModal(): Promise<void> {
  return new Promise((resolve) => {
    Modal.warning({
      title: translate('shell.forcedLogout.title'),
      content: translate('shell.forcedLogout.content'),
      okText: translate('shell.ok'),
      // Semi labels the button "confirm" for screen readers; give it the visible word.
      okButtonProps: { 'aria-label': translate('shell.ok') },
      hasCancel: false,
      closable: false,
      maskClosable: false,
      onOk: () => resolve(),
      onCancel: () => resolve(),
    });
  });
}

/** The new-version notice: persistent, with Cancel and Refresh; resolves with the choice. */
export function newVersionNotice(): Promise<'refresh' | 'cancel'> {
  return new Promise((resolve) => {
    const id = 'flotilla-new-version';
    const answer = (choice: 'refresh' | 'cancel') => {
      Notification.close(id);
      resolve(choice);
    };
    Notification.info({
      id,
      duration: 0,
      title: translate('shell.version.title'),
      content: (
        <div data-testid="new-version-notice">
          <div>{translate('shell.version.content')}</div>
          <Space style={{ marginTop: 12 }}>
            <Button size="small" onClick={() => answer('cancel')}>
              {translate('shell.cancel')}
            </Button>
            <Button size="small" theme="solid" type="primary" onClick={() => answer('refresh')}>
              {translate('shell.version.refresh')}
            </Button>
          </Space>
        </div>
      ),
      onCloseClick: () => resolve('cancel'),
    });
  });
}
