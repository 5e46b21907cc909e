import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeCasesApi, makeCase, makeMessage } from '../../../test/fake-cases-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const users = [{ id: 'u1', name: 'Agent Wang', role: 'agent' as const }];

describe('case detail page', () => {
  it('shows the conversation by stages and the collected fields', async () => {
    const item = makeCase({
      title: 'Lead from the website',
      customer: 'Han Meimei',
      form: { phone: '13900000000', budget: 5000 },
      teamName: 'East sales',
    });
    fakeCasesApi([item], undefined, {
      users,
      splits: {
        [item.id]: [
          { stage: 'enquiry', messages: [makeMessage('How much is it?', 'From 99 yuan.')] },
          { stage: 'collection', messages: [makeMessage('Call me on 13900000000', 'We will call you.')] },
        ],
      },
    });
    renderInShell(<App />, { path: `/case/${item.id}`, scope: testScope('agent') });
    expect(await screen.findByRole('heading', { name: 'Lead from the website' })).toBeTruthy();
    const enquiry = await screen.findByRole('region', { name: 'Enquiry' });
    expect(within(enquiry).getByText('How much is it?')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Details given' })).getByText('We will call you.')).toBeTruthy();
    expect(screen.getByText('budget')).toBeTruthy();
    expect(screen.getByText('5000')).toBeTruthy();
    expect(screen.getByText('East sales')).toBeTruthy();
  });

  it('moves the case along and closes it', async () => {
    const item = makeCase({
      title: 'Refund request',
      status: 'assigned',
      assigneeId: 'u1',
      assigneeName: 'Agent Wang',
    });
    const { requests } = fakeCasesApi([item], undefined, { users });
    renderInShell(<App />, { path: `/case/${item.id}`, scope: testScope('agent') });
    fireEvent.click(await screen.findByRole('button', { name: 'Start work' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Close case' }));
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeTruthy();
    expect(screen.getAllByText('Closed').length).toBeGreaterThan(0);
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([
      { status: 'in_progress' },
      { status: 'closed' },
    ]);
  });

  it('saves the notes and marks the case checked', async () => {
    const item = makeCase({ title: 'Refund request', notes: '' });
    const { cases } = fakeCasesApi([item], undefined, { users });
    renderInShell(<App />, { path: `/case/${item.id}`, scope: testScope('operator') });
    const notes = await screen.findByRole('textbox', { name: 'Notes' });
    const save = screen.getByRole('button', { name: 'Save notes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(notes, { target: { value: 'Call back on Monday' } });
    fireEvent.click(save);
    expect(await screen.findByText('Notes saved')).toBeTruthy();
    await waitFor(() => expect(cases[0]!.notes).toBe('Call back on Monday'));
    fireEvent.click(screen.getByRole('switch', { name: 'Checked' }));
    await waitFor(() => expect(cases[0]!.checked).toBe(true));
  });

  it('says when the case does not exist', async () => {
    fakeCasesApi([]);
    renderInShell(<App />, { path: '/case/missing', scope: testScope('agent') });
    expect(await screen.findByText('Case not found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Back to cases/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/case'));
  });

  it('opens a case from its row in the list', async () => {
    const item = makeCase({ title: 'Refund request', assigneeName: 'Agent Wang', teamName: 'East sales' });
    fakeCasesApi([item], undefined, { users });
    renderInShell(<App />, { path: '/case', scope: testScope('agent') });
    const row = (await screen.findByText('Refund request')).closest('tr')!;
    expect(within(row).getByText('Agent Wang')).toBeTruthy();
    expect(within(row).getByText('East sales')).toBeTruthy();
    fireEvent.click(row);
    expect(await screen.findByRole('heading', { name: 'Refund request' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe(`/case/${item.id}`);
  });
});
