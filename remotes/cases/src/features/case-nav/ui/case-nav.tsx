import { Tabs } from '@flotilla/shared/ui/semi';
import { $role, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { activeCaseNavTab, caseNavTabsFor } from '../case-nav-tabs';

/**
 * The tabs across the cases area (cases, teams, orders, files, comparisons, reports), each shown to the roles
 * its route admits; on a narrow screen the tabs that do not fit scroll.
 */
export function CaseNav() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const role = useUnit($role);
  const tabs = caseNavTabsFor(role);
  return (
    <nav aria-label={t('cases.nav.label')}>
      <Tabs
        type="line"
        collapsible
        activeKey={activeCaseNavTab(pathname)}
        tabList={tabs.map((tab) => ({ itemKey: tab.name, tab: t(tab.labelId) }))}
        onChange={(key) => {
          const tab = tabs.find((candidate) => candidate.name === key);
          if (tab && tab.path !== pathname) navigate(tab.path);
        }}
      />
    </nav>
  );
}
