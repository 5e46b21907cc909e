import { useUnit } from 'effector-react';
import { useNavigate } from 'react-router-dom';
import { Button, Dropdown, IconBell, Tooltip } from '@flotilla/shared/ui/semi';
import { caseDetailPath, useDateTime, useT } from '@flotilla/shared';
import {
  $notifications,
  $unread,
  allNotificationsReadClicked,
  notificationOpened,
  notificationsCheckRequested,
} from '../case-notifications/case-notifications.model';
import { useCheckOnReturn } from './use-check-on-return';
import './case-notification-bell.css';

/**
 * The navbar's bell: the count of unread case notifications and, when opened, the newest of them, each
 * leading to its case. Checks when it appears, when the page gets the focus back or becomes visible, and
 * when opened.
 */
export function CaseNotificationBell() {
  const t = useT();
  const formatDate = useDateTime();
  const navigate = useNavigate();
  const [answer, unread, check, opened, allRead] = useUnit([
    $notifications,
    $unread,
    notificationsCheckRequested,
    notificationOpened,
    allNotificationsReadClicked,
  ]);

  useCheckOnReturn(check);

  const list = answer?.list ?? [];
  const label = unread > 0 ? t('shell.caseBell.labelUnread', { count: unread }) : t('shell.caseBell.label');
  const menu = (
    <Dropdown.Menu className="fl-case-bell__menu" aria-label={t('shell.caseBell.label')}>
      {list.length === 0 && <Dropdown.Item disabled>{t('shell.caseBell.empty')}</Dropdown.Item>}
      {list.map((notification) => (
        <Dropdown.Item
          key={notification.id}
          className={notification.read ? 'fl-case-bell__item' : 'fl-case-bell__item fl-case-bell__item--unread'}
          onClick={() => {
            opened(notification.id);
            navigate(caseDetailPath(notification.caseId));
          }}
        >
          <span className="fl-case-bell__text">
            <span className="fl-case-bell__title">{t('shell.caseBell.assigned', { title: notification.title })}</span>
            <span className="fl-case-bell__time">{formatDate(notification.createdAt)}</span>
          </span>
        </Dropdown.Item>
      ))}
      {unread > 0 && (
        <>
          <Dropdown.Divider />
          <Dropdown.Item onClick={() => allRead()}>{t('shell.caseBell.markAllRead')}</Dropdown.Item>
        </>
      )}
    </Dropdown.Menu>
  );

  return (
    <Dropdown trigger="click" position="bottomRight" render={menu} onVisibleChange={(visible) => visible && check()}>
      <span>
        <Tooltip content={label}>
          <Button theme="borderless" icon={<IconBell />} aria-label={label} data-testid="case-bell">
            {unread > 0 && <span className="fl-case-bell__count">{unread > 99 ? '99+' : unread}</span>}
          </Button>
        </Tooltip>
      </span>
    </Dropdown>
  );
}
