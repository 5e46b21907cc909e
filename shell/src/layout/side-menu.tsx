import { useMemo } from 'react';
import { useUnit } from 'effector-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, Nav, Spin } from '@flotilla/shared/ui/semi';
import { $locale, useT, type Locale, type MenuItem } from '@flotilla/shared';
import { $menu, $menuStatus, menuRetried, visibleMenu } from '../menu/menu.model';
import { matchRouteMeta } from '../router/route-match';
import { menuIcon } from './menu-icons';
import { menuPathOf, selectedMenuKey } from './menu-selection';

type NavItem = { itemKey: string; text: string; icon?: JSX.Element; items?: NavItem[] };

function toNavItems(items: readonly MenuItem[], locale: Locale, withIcons: boolean): NavItem[] {
  return items.map((item) => {
    const Icon = menuIcon(item.icon);
    const children = toNavItems(item.children ?? [], locale, false);
    return {
      itemKey: item.key,
      text: item.title[locale] ?? item.title['en-US'],
      // Decorative: the item's text is its accessible name.
      icon: withIcons ? <Icon size="large" aria-hidden /> : undefined,
      items: children.length ? children : undefined,
    };
  });
}

/** The server-driven menu, as a side menu or in the navbar (topMenu); it shows its own loading and failure. */
export function ServerMenu({
  mode,
  width,
  collapsed,
  onCollapseChange,
}: {
  mode: 'vertical' | 'horizontal';
  width?: number;
  collapsed?: boolean;
  onCollapseChange?: (collapsed: boolean) => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const { menu, status, locale } = useUnit({ menu: $menu, status: $menuStatus, locale: $locale });
  const visible = useMemo(() => visibleMenu(menu), [menu]);
  const items = useMemo(() => toNavItems(visible, locale, true), [visible, locale]);
  const selected = selectedMenuKey(menu, location.pathname, matchRouteMeta(location.pathname));

  if (status === 'loading' || status === 'idle') {
    return (
      <div className="fl-menu-state" role="status" aria-label={t('shell.menu.loading')}>
        <Spin />
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div className="fl-menu-state" role="alert">
        <span>{t('shell.menu.failed')}</span>
        <Button size="small" onClick={() => menuRetried()}>
          {t('shared.retry')}
        </Button>
      </div>
    );
  }
  return (
    <Nav
      mode={mode}
      aria-label={t('shell.menu.label')}
      className={mode === 'vertical' ? 'fl-side-nav' : 'fl-top-nav'}
      style={mode === 'vertical' && !collapsed ? { width } : undefined}
      items={items}
      selectedKeys={selected ? [selected] : []}
      isCollapsed={mode === 'vertical' ? collapsed : undefined}
      onCollapseChange={onCollapseChange}
      onSelect={({ itemKey }) => {
        const path = menuPathOf(menu, String(itemKey));
        if (path) navigate(path);
      }}
      footer={
        mode === 'vertical'
          ? {
              collapseButton: true,
              collapseText: (isCollapsed) => t(isCollapsed ? 'shell.menu.expand' : 'shell.menu.collapse'),
            }
          : undefined
      }
    />
  );
}
