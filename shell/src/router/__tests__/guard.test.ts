import { describe, expect, it } from 'vitest';
import { ROUTES, type MenuItem, type RouteMeta } from '@flotilla/shared/contracts';
import { afterLoginPath, firstRouteForRole, guardRoute, loginRedirectFor, menuEntries, redirectTarget } from '../guard';
import { matchRouteMeta } from '../route-match';

const route = (name: string): RouteMeta => {
  const found = ROUTES.find((r) => r.name === name);
  if (!found) throw new Error(`no route ${name}`);
  return found;
};

const menu = (...items: Array<Partial<MenuItem> & { key: string; path: string }>): MenuItem[] =>
  items.map((item) => ({
    title: { 'zh-CN': item.key, 'en-US': item.key },
    icon: 'IconApps',
    order: 0,
    hidden: false,
    children: [],
    ...item,
  }));

describe('matching a path to its route', () => {
  it('finds static, parameter and optional-parameter routes', () => {
    expect(matchRouteMeta('/robot')?.name).toBe('robot');
    expect(matchRouteMeta('/ai/42/detail')?.name).toBe('robotDetail');
    expect(matchRouteMeta('/ai/detail')?.name).toBe('robotDetail');
    expect(matchRouteMeta('/ai/42/detail/')?.name).toBe('robotDetail');
    expect(matchRouteMeta('/ai/42/flow/v3')?.name).toBe('flowV3');
    expect(matchRouteMeta('/dataset/7/file-detail/9')?.name).toBe('fileDetail');
    expect(matchRouteMeta('/case/files')?.name).toBe('caseFiles');
    expect(matchRouteMeta('/case/123')?.name).toBe('caseDetail');
    expect(matchRouteMeta('/redirect/dataset')?.name).toBe('redirect');
  });
  it('finds nothing for any other path', () => {
    expect(matchRouteMeta('/nowhere')).toBeNull();
    expect(matchRouteMeta('/robot/extra/segments')).toBeNull();
  });
});

describe('role check with menuFromServer off', () => {
  const off = { menuFromServer: false, menu: [] };

  it('opens a route whose roles contain the user role', () => {
    expect(guardRoute({ ...off, route: route('employeeList'), role: 'admin' })).toEqual({ type: 'allow' });
    expect(guardRoute({ ...off, route: route('case'), role: 'agent' })).toEqual({ type: 'allow' });
  });

  it('opens a route whose roles contain *', () => {
    expect(guardRoute({ ...off, route: route('redirect'), role: 'agent' })).toEqual({ type: 'allow' });
  });

  it('opens a route without requiresAuth to anyone', () => {
    expect(guardRoute({ ...off, route: route('chatShare'), role: null })).toEqual({ type: 'allow' });
  });

  it('sends a user failing the role check to the first route that allows the role', () => {
    expect(guardRoute({ ...off, route: route('employeeList'), role: 'operator' })).toEqual({
      type: 'redirect',
      to: '/robot',
    });
    expect(guardRoute({ ...off, route: route('dataset'), role: 'agent' })).toEqual({ type: 'redirect', to: '/robot' });
  });

  it('goes to not-found when no route allows the role', () => {
    const only: RouteMeta[] = [route('employeeList')];
    expect(guardRoute({ ...off, route: route('employeeList'), role: 'agent', routes: only })).toEqual({
      type: 'notFound',
    });
  });

  it('uses admin as the default role when looking for the first route', () => {
    const adminOnly: RouteMeta[] = [route('employeeList'), route('robot')];
    expect(firstRouteForRole(null, adminOnly)?.name).toBe('employeeList');
    expect(firstRouteForRole('agent', adminOnly)?.name).toBe('robot');
  });

  it('shows not-found for a path that is no route', () => {
    expect(guardRoute({ ...off, route: null, role: 'admin' })).toEqual({ type: 'notFound' });
  });
});

describe('menuFromServer on', () => {
  const serverMenu = menuEntries(
    menu(
      { key: 'robot', path: '/robot' },
      { key: 'dataset', path: '/dataset', children: menu({ key: 'database', path: '/database', hidden: true }) },
    ),
  );
  const on = { menuFromServer: true, menu: serverMenu };

  it('allows a route in the server menu that passes the role check', () => {
    expect(guardRoute({ ...on, route: route('robot'), role: 'operator' })).toEqual({ type: 'allow' });
    expect(guardRoute({ ...on, route: route('robotDetail'), role: 'operator' })).toEqual({ type: 'allow' });
  });

  it('counts hidden entries and children as part of the menu', () => {
    expect(guardRoute({ ...on, route: route('databaseDetail'), role: 'operator' })).toEqual({ type: 'allow' });
  });

  it('sends a route missing from the menu to not-found, even for an allowed role', () => {
    expect(guardRoute({ ...on, route: route('case'), role: 'admin' })).toEqual({ type: 'notFound' });
  });

  it('sends a route in the menu that fails the role check to not-found (no redirect)', () => {
    expect(guardRoute({ ...on, route: route('dataset'), role: 'agent' })).toEqual({ type: 'notFound' });
  });

  it('lets whitelisted routes through without a menu entry', () => {
    expect(guardRoute({ ...on, route: route('login'), role: null })).toEqual({ type: 'allow' });
    expect(guardRoute({ ...on, route: route('redirect'), role: 'agent' })).toEqual({ type: 'allow' });
  });

  it('sends everything to not-found when the menu is empty', () => {
    expect(guardRoute({ ...on, menu: [], route: route('robot'), role: 'admin' })).toEqual({ type: 'notFound' });
  });
});

describe('login redirect (keeping the redirect name and query)', () => {
  it('keeps the route name and the query', () => {
    expect(loginRedirectFor(route('dataset'), { pathname: '/dataset', search: '?keyword=faq&page=2' })).toBe(
      '/login?redirect=dataset&keyword=faq&page=2',
    );
  });

  it('keeps the path when the route has parameters', () => {
    expect(loginRedirectFor(route('robotDetail'), { pathname: '/ai/42/detail', search: '' })).toBe(
      '/login?redirect=%2Fai%2F42%2Fdetail',
    );
  });

  it('goes back to the named route with its query after login', () => {
    expect(afterLoginPath('?redirect=dataset&keyword=faq')).toBe('/dataset?keyword=faq');
    expect(afterLoginPath('?redirect=%2Fai%2F42%2Fdetail')).toBe('/ai/42/detail');
  });

  it('goes to /robot by default, and never to another site or back to login', () => {
    expect(afterLoginPath('')).toBe('/robot');
    expect(afterLoginPath('?redirect=https://evil.example')).toBe('/robot');
    expect(afterLoginPath('?redirect=//evil.example')).toBe('/robot');
    expect(afterLoginPath('?redirect=login')).toBe('/robot');
    expect(afterLoginPath('?redirect=%2Flogin')).toBe('/robot');
  });

  it('/redirect/<path> navigates to the path with its query', () => {
    expect(redirectTarget({ pathname: '/redirect/dataset/3/detail', search: '?tab=files' })).toBe(
      '/dataset/3/detail?tab=files',
    );
    expect(redirectTarget({ pathname: '/redirect//evil.example', search: '' })).toBe('/evil.example');
    expect(redirectTarget({ pathname: '/redirect/', search: '' })).toBe('/robot');
  });
});
