import { ROUTES, roleAllowed, type Role, type RouteMeta } from '@flotilla/shared';

/** The pages of the cases area in the order of their tabs, by route name, with the catalog id of each label. */
const CASE_NAV_PAGES = [
  { name: 'case', labelId: 'cases.nav.cases' },
  { name: 'caseTeams', labelId: 'cases.nav.teams' },
  { name: 'caseOrders', labelId: 'cases.nav.orders' },
  { name: 'caseFiles', labelId: 'cases.nav.files' },
  { name: 'caseComparison', labelId: 'cases.nav.comparisons' },
  { name: 'caseReports', labelId: 'cases.nav.reports' },
] as const;

/** One tab of the area's navigation: its route's path and who may open it. */
export type CaseNavTab = { name: string; path: string; labelId: string; roles: RouteMeta['roles'] };

const routeOf = (name: string): RouteMeta => {
  const route = ROUTES.find((entry) => entry.name === name && entry.owner === 'cases');
  if (!route) throw new Error(`The cases area has no route named "${name}"`);
  return route;
};

/** Every tab, with the path and roles of its route (the same meta the shell's guard checks). */
export const CASE_NAV_TABS: readonly CaseNavTab[] = CASE_NAV_PAGES.map(({ name, labelId }) => {
  const { path, roles } = routeOf(name);
  return { name, path, labelId, roles };
});

/** The tabs a user of `role` may open. */
export function caseNavTabsFor(role: Role | null): CaseNavTab[] {
  return CASE_NAV_TABS.filter((tab) => roleAllowed(tab.roles, role ?? undefined));
}

/** The tab a path belongs to: its own page's, else the case list's (a case's detail page is under it). */
export function activeCaseNavTab(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  return CASE_NAV_TABS.find((tab) => tab.path === path)?.name ?? 'case';
}
