import { useUnit } from 'effector-react';
import {
  Avatar,
  Button,
  Dropdown,
  Tooltip,
  Typography,
  IconExit,
  IconLanguage,
  IconMoon,
  IconSetting,
  IconSun,
} from '@flotilla/shared/ui/semi';
import { $locale, $settings, $user, LOCALES, localeChanged, settingsChanged, useT } from '@flotilla/shared';
import { logoutClicked } from '../session/session.model';
import { settingsDrawerOpened } from '../settings/settings.model';
import { CaseNotificationBell } from './case-notification-bell';
import { LowBalanceWarning } from './low-balance-warning';
import { ServerMenu } from './side-menu';

/** Top bar: product, (top menu), a low-balance warning, the case notification bell, language, theme, settings, user menu with logout. */
export function Navbar({ topMenu }: { topMenu: boolean }) {
  const t = useT();
  const { locale, settings, user } = useUnit({ locale: $locale, settings: $settings, user: $user });
  const dark = settings.theme === 'dark';
  const name = user?.nickname || user?.username || '';
  return (
    <div className="fl-navbar">
      <div className="fl-navbar__brand">
        <svg className="fl-navbar__logo" viewBox="0 0 28 28" aria-hidden="true">
          <rect width="28" height="28" rx="8" fill="currentColor" />
          <path d="M7 19.5 14 6l7 13.5H7Z" fill="#fff" opacity="0.9" />
          <path d="M5 21.5h18" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <Typography.Title heading={5} className="fl-navbar__title">
          {t('shell.product')}
        </Typography.Title>
      </div>
      <div className="fl-navbar__menu">{topMenu && <ServerMenu mode="horizontal" />}</div>
      <div className="fl-navbar__actions">
        <LowBalanceWarning />
        <CaseNotificationBell />
        <Dropdown
          trigger="click"
          position="bottomRight"
          render={
            <Dropdown.Menu>
              {LOCALES.map((code) => (
                <Dropdown.Item key={code} active={code === locale} onClick={() => localeChanged(code)}>
                  {t(`shell.locale.${code}`)}
                </Dropdown.Item>
              ))}
            </Dropdown.Menu>
          }
        >
          <Button
            theme="borderless"
            className="fl-navbar__locale"
            icon={<IconLanguage />}
            aria-label={t('shell.locale.label')}
            data-testid="locale-switch"
          >
            {t(`shell.locale.${locale}`)}
          </Button>
        </Dropdown>
        <Tooltip content={t(dark ? 'shell.theme.light' : 'shell.theme.dark')}>
          <Button
            theme="borderless"
            icon={dark ? <IconSun /> : <IconMoon />}
            aria-label={t(dark ? 'shell.theme.light' : 'shell.theme.dark')}
            data-testid="theme-switch"
            onClick={() => settingsChanged({ theme: dark ? 'light' : 'dark' })}
          />
        </Tooltip>
        <Tooltip content={t('shell.settings.title')}>
          <Button
            theme="borderless"
            icon={<IconSetting />}
            aria-label={t('shell.settings.title')}
            data-testid="settings-open"
            onClick={() => settingsDrawerOpened()}
          />
        </Tooltip>
        <Dropdown
          trigger="click"
          position="bottomRight"
          render={
            <Dropdown.Menu>
              <Dropdown.Item disabled>{user ? t(`shell.role.${user.role}`) : ''}</Dropdown.Item>
              <Dropdown.Divider />
              <Dropdown.Item icon={<IconExit />} onClick={() => logoutClicked()} data-testid="logout">
                {t('shell.user.logout')}
              </Dropdown.Item>
            </Dropdown.Menu>
          }
        >
          <Button
            theme="borderless"
            className="fl-navbar__user"
            data-testid="user-menu"
            aria-label={t('shell.user.menu')}
          >
            <Avatar size="small" color="blue" src={user?.avatar || undefined}>
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            <span className="fl-navbar__user-name">{name}</span>
          </Button>
        </Dropdown>
      </div>
    </div>
  );
}
