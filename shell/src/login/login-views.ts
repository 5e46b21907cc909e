// The login page's views: the "Password" and "Code" tabs (a WAI-ARIA tab list: arrows, Home and End move
// and select, one tab in the Tab order) and the password reset, which stands in for both. A branded page
// offers some of the tabs, in its order; with one the tab list is hidden.
import { byId } from './light-page';

export const LOGIN_VIEWS = ['password', 'code', 'reset'] as const;
export type LoginView = (typeof LOGIN_VIEWS)[number];

const TABS = ['password', 'code'] as const;
type Tab = (typeof TABS)[number];

/** Each view's panel (a form of login.html). */
const PANEL_IDS: Record<LoginView, string> = {
  password: 'fl-login-form',
  code: 'fl-sms-form',
  reset: 'fl-reset-form',
};

export type LoginViews = { show: (view: LoginView, focus?: 'tab' | 'panel') => void };

/** Wires the tabs of `methods` (in their order) and shows the first one's view; no view without a tab. */
export function wireLoginViews(doc: Document, methods: readonly string[]): LoginViews {
  const tabList = byId(doc, 'fl-login-tabs');
  const tabs = Object.fromEntries(TABS.map((view) => [view, byId(doc, `fl-login-tab-${view}`)])) as Record<
    Tab,
    HTMLElement
  >;
  const offered = methods.filter((method): method is Tab => (TABS as readonly string[]).includes(method));
  for (const tab of TABS) tabs[tab].hidden = !offered.includes(tab);
  tabList.append(...offered.map((tab) => tabs[tab]));

  const show = (view: LoginView | undefined, focus?: 'tab' | 'panel') => {
    tabList.hidden = view === 'reset' || offered.length < 2;
    for (const each of LOGIN_VIEWS) byId(doc, PANEL_IDS[each]).hidden = each !== view;
    for (const tab of TABS) {
      tabs[tab].setAttribute('aria-selected', String(tab === view));
      tabs[tab].tabIndex = tab === view ? 0 : -1;
    }
    if (view === undefined) return;
    if (focus === 'tab' && view !== 'reset') tabs[view].focus();
    if (focus === 'panel') byId(doc, PANEL_IDS[view]).querySelector<HTMLElement>('[data-autofocus]')?.focus();
  };

  for (const [index, tab] of offered.entries()) {
    tabs[tab].addEventListener('click', () => show(tab));
    tabs[tab].addEventListener('keydown', (event) => {
      const moves: Record<string, number> = {
        ArrowRight: index + 1,
        ArrowLeft: index - 1 + offered.length,
        Home: 0,
        End: offered.length - 1,
      };
      const target = moves[event.key];
      if (target === undefined) return;
      event.preventDefault();
      show(offered[target % offered.length], 'tab');
    });
  }
  show(offered[0]);
  return { show };
}
