import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanup, screen } from '@testing-library/react';
import { fork } from 'effector';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTES } from '@flotilla/shared';
import { USERS_ROUTES } from '../expose/App';
import { renderApp } from '../test-utils/render-app';
import enUS from '../locales/en-US';
import zhCN from '../locales/zh-CN';

afterEach(cleanup);

describe('users App', () => {
  it('renders only absolute paths that ROUTES gives to the users remote', () => {
    const owned = ROUTES.filter((route) => route.owner === 'users').map((route) => route.path);
    for (const { path } of USERS_ROUTES) expect(owned).toContain(path);
    expect(USERS_ROUTES.map((route) => route.path)).toEqual(['/dashboard', '/dashboard/workplace', '/employee-list']);
  });

  it('answers a path it does not render with a not-found message', async () => {
    renderApp('/task-list', fork());
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });

  it('speaks Chinese by default catalog', async () => {
    renderApp('/distribution-center', fork(), 'zh-CN');
    expect(await screen.findByText('页面不存在')).toBeTruthy();
  });
});

describe('users catalogs', () => {
  it('have the same ids in both languages, all prefixed and non-empty', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(enUS).sort());
    for (const catalog of [zhCN, enUS]) {
      for (const [id, text] of Object.entries(catalog)) {
        expect(id.startsWith('users.')).toBe(true);
        expect(text.trim()).not.toBe('');
      }
    }
  });

  it('keep the same ICU placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
    for (const id of Object.keys(enUS)) expect(placeholders(zhCN[id]), id).toEqual(placeholders(enUS[id]));
  });

  it('hold every id the source uses', async () => {
    const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..');
    const files = readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !file.includes('__tests__') && !file.includes('locales') && !file.includes('test-utils'),
    );
    const used = new Set<string>();
    for (const file of files) {
      const source = readFileSync(join(srcDir, file), 'utf8');
      for (const match of source.matchAll(/['`](users\.[A-Za-z.]+)['`]/g)) used.add(match[1]);
    }
    // Ids built from values: every value they can take.
    for (const key of ['robots', 'datasets', 'cases', 'users']) used.add(`users.dashboard.${key}.title`).add(`users.dashboard.${key}.hint`);
    for (const role of ['admin', 'operator', 'agent']) used.add(`users.role.${role}`);
    for (const status of ['all', 'active', 'frozen']) used.add(`users.filter.status.${status}`);
    expect(used.size).toBeGreaterThan(50);
    for (const id of used) expect(enUS, id).toHaveProperty([id]);
  });
});
