import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CASE_TEAM_EXPORT_FILE } from '@flotilla/shared';
import { refuse, renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeTeamsApi, makeTeam } from '../../../test/fake-teams-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const users = [
  { id: 'a1', name: 'Ann', role: 'agent' as const },
  { id: 'a2', name: 'Bob', role: 'agent' as const },
];
const robots = [
  { processId: 'p1', name: 'Shop robot' },
  { processId: 'p2', name: 'Leads robot' },
];

describe('teams page', () => {
  it('lists teams with members in turn order and their robots; a switch pauses a subscription', async () => {
    const { teams, requests } = fakeTeamsApi({
      users,
      robots,
      teams: [
        makeTeam({
          name: 'Sales East',
          description: 'Leads of the east',
          members: [
            { id: 'a2', nickname: 'Bob' },
            { id: 'a1', nickname: 'Ann' },
          ],
          processes: [{ processId: 'p1', processName: 'Shop robot', subscribed: true }],
        }),
      ],
    });
    renderInShell(<App />, { path: '/case/teams', scope: testScope('operator') });
    const row = (await screen.findByText('Sales East')).closest('tr')!;
    expect(within(row).getByText('Leads of the east')).toBeTruthy();
    expect(
      within(row)
        .getAllByText(/Bob|Ann/)
        .map((el) => el.textContent),
    ).toEqual(['Bob', 'Ann']);
    const toggle = within(row).getByRole('switch', { name: 'Receive the cases of Shop robot' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');

    fireEvent.click(toggle);
    await waitFor(() => expect(teams[0]!.processes[0]!.subscribed).toBe(false));
    expect(requests.some((r) => r.path === '/v1/case/team/subscribe/disable')).toBe(true);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Receive the cases of Shop robot' }).getAttribute('aria-checked')).toBe(
        'false',
      ),
    );
  });

  it('creates a team (and sets its robots), then shows it', async () => {
    const { teams, requests } = fakeTeamsApi({ users, robots });
    renderInShell(<App />, { path: '/case/teams', scope: testScope('operator') });
    expect(await screen.findByText('No teams yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /New team/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'Night shift' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Night shift')).toBeTruthy();
    expect(teams.map((x) => x.name)).toEqual(['Night shift']);
    const create = requests.find((r) => r.method === 'POST' && r.path === '/v1/case/team')!;
    expect(create.body).toEqual({ name: 'Night shift', description: '', memberIds: [] });
    expect(requests.some((r) => r.method === 'POST' && r.path === '/v1/case/team/processes')).toBe(true);
  });

  it('says so when the name is taken and keeps the dialog open', async () => {
    fakeTeamsApi({ users, robots, teams: [makeTeam({ name: 'Sales' })] });
    renderInShell(<App />, { path: '/case/teams', scope: testScope('admin') });
    await screen.findByText('Sales');
    fireEvent.click(screen.getByRole('button', { name: /New team/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'Sales' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A team of this name exists already')).toBeTruthy();
  });

  it('downloads a team export with the shared file name', async () => {
    const { teams, requests } = fakeTeamsApi({ teams: [makeTeam({ name: 'Sales' })] });
    const created = vi.fn(() => 'blob:team');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderInShell(<App />, { path: '/case/teams', scope: testScope('agent') });
    fireEvent.click(await screen.findByRole('button', { name: "Download Sales's cases" }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect((clicked.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe(CASE_TEAM_EXPORT_FILE);
    const exported = requests.find((r) => r.path === '/v1/case/team/export')!;
    expect(exported.query.get('teamId')).toBe(teams[0]!.id);
  });

  it('shows agents their teams read-only: no editing, no whitelist', async () => {
    fakeTeamsApi({
      teams: [
        makeTeam({ name: 'Sales', processes: [{ processId: 'p1', processName: 'Shop robot', subscribed: false }] }),
      ],
    });
    renderInShell(<App />, { path: '/case/teams', scope: testScope('agent') });
    const row = (await screen.findByText('Sales')).closest('tr')!;
    expect(within(row).getByText('Paused')).toBeTruthy();
    expect(within(row).queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /New team/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Sales' })).toBeNull();
    expect(screen.queryByText('Phone whitelist')).toBeNull();
  });

  it('shows an error with Retry when the teams fail to load', async () => {
    let failing = true;
    fakeTeamsApi({
      teams: [makeTeam({ name: 'Sales' })],
      refuseWhen: (r) =>
        failing && r.path === '/v1/case/team' ? refuse(500, 'INTERNAL', 'Internal error') : undefined,
    });
    renderInShell(<App />, { path: '/case/teams', scope: testScope('operator') });
    expect(await screen.findByText('The teams could not be loaded')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getAllByRole('button', { name: 'Retry' })[0]!);
    expect(await screen.findByText('Sales')).toBeTruthy();
  });
});

describe('phone whitelist panel', () => {
  it('adds a phone, refuses one that is not a phone without asking the server, says when it is listed', async () => {
    const { phones, requests } = fakeTeamsApi({ phones: [] });
    renderInShell(<App />, { path: '/case/teams', scope: testScope('operator') });
    expect(await screen.findByText('No phones on the whitelist')).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Phone number' });
    fireEvent.change(box, { target: { value: 'call me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('A phone number is digits, with an optional + in front.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.path === '/v1/case/sale/phone')).toBe(false);

    fireEvent.change(box, { target: { value: '139 0000 2222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('13900002222')).toBeTruthy();
    expect(phones.map((p) => p.phone)).toEqual(['13900002222']);
    await waitFor(() => expect((box as HTMLInputElement).value).toBe(''));

    fireEvent.change(box, { target: { value: '13900002222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('This phone is on the list already')).toBeTruthy();
  });
});
