import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanup, screen } from '@testing-library/react';
import { fork } from 'effector';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTES, TASK_STATUSES, TASK_TYPES } from '@flotilla/shared';
import { describeCatalogs, renderInShell } from '@flotilla/shared/test';
import App, { USERS_ROUTES } from '../expose/App';
import enUS from '../locales/en-US';
import zhCN from '../locales/zh-CN';

afterEach(cleanup);

describe('users App', () => {
  it('renders every path that ROUTES gives to the users remote, and only those', () => {
    const owned = ROUTES.filter((route) => route.owner === 'users').map((route) => route.path);
    expect(USERS_ROUTES.map((route) => route.path).sort()).toEqual([...owned].sort());
  });

  it('answers a path it does not render with a not-found message', async () => {
    renderInShell(<App />, { path: '/dashboard/no-such-page', scope: fork() });
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });

  it('speaks Chinese by default catalog', async () => {
    renderInShell(<App />, { path: '/employee-list/no-such-page', scope: fork(), locale: 'zh-CN' });
    expect(await screen.findByText('页面不存在')).toBeTruthy();
  });
});

// Ids built from values: every value they can take.
const builtIds = [
  ...['robots', 'datasets', 'cases', 'users'].flatMap((key) => [
    `users.dashboard.${key}.title`,
    `users.dashboard.${key}.hint`,
  ]),
  ...['admin', 'operator', 'agent'].map((role) => `users.role.${role}`),
  ...['all', 'active', 'frozen'].map((status) => `users.filter.status.${status}`),
  ...TASK_STATUSES.map((status) => `users.tasks.status.${status}`),
  ...TASK_TYPES.map((type) => `users.tasks.type.${type}`),
];

describeCatalogs('users', {
  catalogs: { 'zh-CN': zhCN, 'en-US': enUS },
  srcDir: join(dirname(fileURLToPath(import.meta.url)), '..'),
  minUsedIds: 50,
  builtIds,
});
