import { describe, expect, it, vi } from 'vitest';
import { allSettled, fork } from 'effector';
import type { MenuItem } from '@flotilla/shared';
import { showNoticeFx } from '../../notices/notices.model';
import { $menu, $menuStatus, fetchMenuFx, menuRequested, visibleMenu } from '../menu.model';

const item = (key: string, order: number, extra: Partial<MenuItem> = {}): MenuItem => ({
  key,
  path: `/${key}`,
  title: { 'zh-CN': key, 'en-US': key },
  icon: 'IconApps',
  order,
  hidden: false,
  children: [],
  ...extra,
});

describe('server menu', () => {
  it('loads without a notice: the menu shows its own loading, then its entries', async () => {
    const notices: unknown[] = [];
    const scope = fork({
      handlers: [
        [fetchMenuFx, async () => [item('robot', -1)]],
        [showNoticeFx, (notice: unknown) => void notices.push(notice)],
      ],
    });
    const loading = allSettled(menuRequested, { scope });
    expect(scope.getState($menuStatus)).toBe('loading');
    await loading;
    expect(scope.getState($menuStatus)).toBe('ready');
    expect(scope.getState($menu)).toHaveLength(1);
    expect(notices).toEqual([]);
  });

  it('shows an error notice with the message when the menu fails', async () => {
    const notices: Array<{ type: string; content?: string }> = [];
    const scope = fork({
      handlers: [
        [fetchMenuFx, async () => Promise.reject(new Error('Menu service down'))],
        [showNoticeFx, (notice: { type: string; content?: string }) => void notices.push(notice)],
      ],
    });
    await allSettled(menuRequested, { scope });
    expect(scope.getState($menuStatus)).toBe('error');
    expect(notices.at(-1)).toMatchObject({ type: 'error', content: 'Menu service down' });
  });

  it('asks the server once', async () => {
    const fetchMenu = vi.fn(async () => []);
    const scope = fork({
      handlers: [
        [fetchMenuFx, fetchMenu],
        [showNoticeFx, () => undefined],
      ],
    });
    await allSettled(menuRequested, { scope });
    await allSettled(menuRequested, { scope });
    expect(fetchMenu).toHaveBeenCalledTimes(1);
  });

  it('lists visible entries by order, children too', () => {
    const menu = [
      item('dataset', 1),
      item('robot', -1, { children: [item('b', 2), item('a', 1), item('secret', 0, { hidden: true })] }),
      item('hidden', 0, { hidden: true }),
    ];
    const visible = visibleMenu(menu);
    expect(visible.map((entry) => entry.key)).toEqual(['robot', 'dataset']);
    expect(visible[0].children.map((entry) => entry.key)).toEqual(['a', 'b']);
  });
});
