import { useEffect, useState, type ReactNode } from 'react';
import { useUnit } from 'effector-react';
import { Layout } from '@flotilla/shared/ui/semi';
import { $settings, settingsChanged, useT, type Device } from '@flotilla/shared';
import { Navbar } from './navbar';
import { applyScreen, deviceFor } from './screen';
import { SettingsDrawer } from './settings-drawer';
import { ServerMenu } from './side-menu';
import { TabBar } from './tab-bar';

/** Follows the window: its screen size for the stylesheets, and mobile or desktop mode for the settings. */
function useScreen(current: Device) {
  useEffect(() => {
    const update = () => {
      applyScreen(document.documentElement, window.innerWidth);
      const device = deviceFor(window.innerWidth);
      if (device !== current) settingsChanged({ device });
    };
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [current]);
}

/** The console frame, driven by the settings drawer: navbar, menu (side or top), tab bar, footer. */
export function AppLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const settings = useUnit($settings);
  // Collapsed on narrow screens, expanded on wide ones; the user's choice wins until the window crosses
  // the 1024 px breakpoint again.
  const [collapsed, setCollapsed] = useState<boolean | null>(null);
  useScreen(settings.device);
  useEffect(() => setCollapsed(null), [settings.device]);
  const sideMenu = settings.menu && !settings.topMenu;
  return (
    <Layout className="fl-console">
      {settings.navbar && (
        <Layout.Header className="fl-console__header">
          <Navbar topMenu={settings.menu && settings.topMenu} />
        </Layout.Header>
      )}
      <Layout className="fl-console__body">
        {sideMenu && (
          <Layout.Sider className="fl-console__sider">
            <ServerMenu
              mode="vertical"
              width={settings.menuWidth}
              collapsed={collapsed ?? settings.device === 'mobile'}
              onCollapseChange={setCollapsed}
            />
          </Layout.Sider>
        )}
        <Layout className="fl-console__main">
          {settings.tabBar && <TabBar />}
          <Layout.Content className="fl-console__content">{children}</Layout.Content>
          {settings.footer && (
            <Layout.Footer className="fl-console__footer">
              {t('shell.footer', { year: new Date().getFullYear() })}
            </Layout.Footer>
          )}
        </Layout>
      </Layout>
      <SettingsDrawer />
    </Layout>
  );
}
