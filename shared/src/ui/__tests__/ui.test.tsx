import { join } from 'node:path';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { describeCatalogs, messageArguments, renderInShell, testScope } from '../../../test';
import { sharedCatalogs } from '../catalog';
import { NotFoundState } from '../not-found-state';
import { Page } from '../page';
import { PageHeader } from '../page-header';
import { Surface } from '../surface';

afterEach(cleanup);

describeCatalogs('shared', { catalogs: sharedCatalogs, srcDir: join(import.meta.dirname, '..', '..'), minUsedIds: 5 });

describe('messageArguments', () => {
  it('finds the arguments of a message, also inside plural branches, and no branch text', () => {
    expect(
      messageArguments(
        'Hello {name}, you have {count, plural, =0 {no files} one {# file} other {# files in {folder}}}',
      ),
    ).toEqual(['count', 'folder', 'name']);
    expect(messageArguments('{count, plural, =0 {暂无文件} other {# 个文件}}')).toEqual(['count']);
    expect(messageArguments('No arguments')).toEqual([]);
  });
});

describe('Page', () => {
  it('shows the header (back, title, description, actions) above the content, without outer padding', () => {
    renderInShell(
      <Page>
        <PageHeader
          title="Robots"
          description="All robots"
          back={<a href="/">Back</a>}
          extra={<button>New robot</button>}
        />
        <Surface>
          <p>Content</p>
        </Surface>
      </Page>,
      { path: '/robot', scope: testScope() },
    );
    expect(screen.getByRole('heading', { name: 'Robots' })).toBeTruthy();
    expect(screen.getByText('All robots')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New robot' })).toBeTruthy();
    const page = screen.getByRole('banner').parentElement!;
    // The shell's content area pads the page; the frame itself adds none.
    expect(page.style.padding).toBe('');
    expect(screen.getByText('Content').closest('section')).toBeTruthy();
  });
});

describe('NotFoundState', () => {
  it('says the page does not exist and leads back to where the remote says', async () => {
    renderInShell(<NotFoundState backTo="/robot" backLabel="Back to robots" />, {
      path: '/robot/nowhere',
      scope: testScope(),
    });
    expect(screen.getByText('Page not found')).toBeTruthy();
    expect(screen.getByText('This page does not exist or is not available yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to robots' }));
    expect(screen.getByTestId('location').textContent).toBe('/robot');
  });

  it('speaks Chinese', () => {
    renderInShell(<NotFoundState backTo="/dashboard" backLabel="返回仪表盘" />, {
      path: '/x',
      scope: testScope(),
      locale: 'zh-CN',
    });
    expect(screen.getByText('页面不存在')).toBeTruthy();
    expect(screen.getByText('该页面不存在或尚未开放。')).toBeTruthy();
  });
});
