import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell, testScope } from '@flotilla/shared/test';
import type { Role } from '@flotilla/shared';
import App from '../../../expose/App';
import { fakeRobotsApi, makeRobot } from '../../../test/fake-robots-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const vip = { id: 't1', name: 'VIP' };
const support = { id: 't2', name: 'Support' };

async function openList({ role = 'admin' as Role, tagId = '' } = {}) {
  const robot = makeRobot({ name: 'Sales', tags: [vip] });
  const api = fakeRobotsApi([robot, makeRobot({ name: 'Other' })], undefined, { tags: [vip, support] });
  renderInShell(<App />, { path: '/robot', scope: testScope(role) });
  await screen.findByRole('link', { name: 'Sales' });
  if (tagId) {
    fireEvent.click(screen.getByRole('combobox', { name: 'Filter by tag' }));
    fireEvent.click(await screen.findByRole('option', { name: /VIP/ }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Other' })).toBeNull());
  }
  return { robot, ...api };
}

async function openManager() {
  fireEvent.click(screen.getByRole('button', { name: /Manage tags/ }));
  return within((await screen.findByText('Robot tags')).closest('[role="dialog"]') as HTMLElement);
}

const salesRow = () => screen.getByRole('link', { name: 'Sales' }).closest('tr')!;

describe('robot tags', () => {
  it('creates a tag, and says so when the name is taken', async () => {
    const { requests } = await openList();
    const dialog = await openManager();
    await dialog.findByText('Support');
    fireEvent.change(dialog.getByRole('textbox', { name: 'New tag name' }), { target: { value: '  Gold ' } });
    fireEvent.click(dialog.getByRole('button', { name: /Add/ }));
    expect(await dialog.findByText('Gold')).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST' && request.path === '/v1/processes/tag')!.body).toEqual(
      { name: 'Gold' },
    );
    expect((dialog.getByRole('textbox', { name: 'New tag name' }) as HTMLInputElement).value).toBe('');

    fireEvent.change(dialog.getByRole('textbox', { name: 'New tag name' }), { target: { value: 'VIP' } });
    fireEvent.click(dialog.getByRole('button', { name: /Add/ }));
    expect(await dialog.findByText('The tags were not changed')).toBeTruthy();
    expect(dialog.getByText('A tag with this name exists')).toBeTruthy();
    expect((dialog.getByRole('textbox', { name: 'New tag name' }) as HTMLInputElement).value).toBe('VIP');
  });

  it('renames a tag, and the robots show the new name', async () => {
    const { requests } = await openList();
    const dialog = await openManager();
    fireEvent.click(await dialog.findByRole('button', { name: 'Rename tag “VIP”' }));
    fireEvent.change(dialog.getByRole('textbox', { name: 'New name for tag “VIP”' }), { target: { value: 'Gold' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Gold')).toBeTruthy();
    const rename = requests.find((request) => request.method === 'POST' && request.path === '/v1/processes/tag/t1')!;
    expect(rename.query.get('name')).toBe('Gold');
    await waitFor(() => expect(within(salesRow()).getByText('Gold')).toBeTruthy());
  });

  it('deletes a tag after confirmation, and the filter by it goes', async () => {
    const { requests } = await openList({ tagId: 't1' });
    const dialog = await openManager();
    fireEvent.click(await dialog.findByRole('button', { name: 'Delete tag “VIP”' }));
    expect(await screen.findByText('Delete tag “VIP”?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(dialog.queryByText('VIP')).toBeNull());
    expect(requests.some((request) => request.method === 'DELETE' && request.path === '/v1/processes/tag/t1')).toBe(
      true,
    );
    // Back to every robot, without the tag.
    expect(await screen.findByRole('link', { name: 'Other' })).toBeTruthy();
    const lists = requests.filter((request) => request.method === 'GET' && request.path === '/v1/processes');
    expect(lists.at(-1)!.query.has('tagId')).toBe(false);
    expect(within(salesRow()).queryByText('VIP')).toBeNull();
  });

  it("replaces a robot's tags", async () => {
    const { robot, requests } = await openList();
    fireEvent.click(within(salesRow()).getByRole('button', { name: 'Edit the tags of “Sales”' }));
    const dialog = within((await screen.findByText('Tags of “Sales”')).closest('[role="dialog"]') as HTMLElement);
    const vipBox = await dialog.findByRole('checkbox', { name: 'VIP' });
    expect(vipBox.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(vipBox);
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Support' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(salesRow()).getByText('Support')).toBeTruthy());
    expect(within(salesRow()).queryByText('VIP')).toBeNull();
    expect(requests.find((request) => request.path === '/v1/processes/tag/bind')!.body).toEqual({
      processId: robot.processId,
      tagIds: ['t2'],
    });
  });

  it('offers no tag management to agents', async () => {
    await openList({ role: 'agent' });
    expect(screen.queryByRole('button', { name: /Manage tags/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit the tags/ })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Filter by tag' })).toBeTruthy();
  });
});
