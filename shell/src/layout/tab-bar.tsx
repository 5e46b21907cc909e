import { useUnit } from 'effector-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, Tabs } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { $tabs, HOME_TAB, otherTabsClosed, tabAfterClose, tabClosed } from '../tabs/tabs.model';

/** The tab bar of open pages, shown when settings.tabBar is on. */
export function TabBar() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const tabs = useUnit($tabs);
  const current = location.pathname + location.search;
  const close = (path: string) => {
    if (path === current) navigate(tabAfterClose(tabs, path).path);
    tabClosed(path);
  };
  return (
    <div className="fl-tab-bar" data-testid="tab-bar">
      <Tabs
        type="card"
        size="small"
        collapsible
        activeKey={tabs.some((tab) => tab.path === current) ? current : ''}
        tabList={tabs.map((tab) => ({ itemKey: tab.path, tab: t(tab.titleId), closable: tab.path !== HOME_TAB.path }))}
        onChange={(path) => navigate(path)}
        onTabClose={close}
        tabBarExtraContent={
          <Button
            size="small"
            theme="borderless"
            onClick={() => otherTabsClosed(current)}
            data-testid="tabs-close-others"
          >
            {t('shell.tabs.closeOthers')}
          </Button>
        }
      />
    </div>
  );
}
