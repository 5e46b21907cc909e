import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaseForm } from '@flotilla/shared';
import { renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeRobotsApi, makeRobot } from '../../../test/fake-robots-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openCaseForm(options: { form?: CaseForm; refuse?: boolean } = {}) {
  const robot = makeRobot({ name: 'Concierge' });
  const api = fakeRobotsApi(
    [robot],
    (request) =>
      options.refuse && request.method === 'PUT' && request.path.endsWith('/caseForm')
        ? { status: 422, body: { code: 'CASE_FORM_INVALID', message: 'Two fields share a name' } }
        : undefined,
    options.form ? { caseForms: { [robot.processId]: options.form } } : {},
  );
  renderInShell(<App />, { path: `/ai/${robot.processId}/detail`, scope: testScope('operator') });
  fireEvent.click(await screen.findByRole('tab', { name: 'Case form' }));
  return { robot, ...api };
}

const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('case form tab', () => {
  it('enables the form with a required phone field and saves it', async () => {
    const { robot, caseForms } = await openCaseForm();
    expect(await screen.findByText('No fields yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Open cases from conversations' }));
    fireEvent.click(screen.getByRole('button', { name: /Add field/ }));
    fireEvent.change(input('Name of field 1'), { target: { value: 'phone' } });
    fireEvent.change(input('Label of field 1'), { target: { value: 'Phone number' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Case form saved')).toBeTruthy();
    expect(caseForms[robot.processId]).toEqual({
      enabled: true,
      fields: [{ name: 'phone', label: 'Phone number', type: 'text', required: true }],
    });
  });

  it('reorders and removes fields', async () => {
    const { robot, caseForms } = await openCaseForm({
      form: {
        enabled: true,
        fields: [
          { name: 'name', label: 'Name', type: 'text', required: false },
          { name: 'phone', label: 'Phone', type: 'phone', required: true },
          { name: 'email', label: 'Email', type: 'email', required: false },
        ],
      },
    });
    await waitFor(() => expect(input('Name of field 2').value).toBe('phone'));
    fireEvent.click(screen.getByRole('button', { name: 'Move field 2 up' }));
    expect(input('Name of field 1').value).toBe('phone');
    fireEvent.click(screen.getByRole('button', { name: 'Remove field 3' }));
    const rows = within(screen.getByRole('list', { name: 'Fields of the case form' })).getAllByRole('listitem');
    fireEvent.click(within(rows[1]!).getByRole('checkbox', { name: 'Required' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Case form saved')).toBeTruthy();
    expect(caseForms[robot.processId]!.fields.map(({ name, required }) => ({ name, required }))).toEqual([
      { name: 'phone', required: true },
      { name: 'name', required: true },
    ]);
  });

  it("changes a field's type", async () => {
    const { robot, caseForms } = await openCaseForm({
      form: { enabled: true, fields: [{ name: 'contact', label: 'Contact', type: 'text', required: true }] },
    });
    fireEvent.click(await screen.findByRole('combobox', { name: 'Type of field 1' }));
    fireEvent.click(await screen.findByRole('option', { name: /Phone/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Case form saved')).toBeTruthy();
    expect(caseForms[robot.processId]!.fields[0]!.type).toBe('phone');
  });

  it('refuses a bad or repeated name before asking the server', async () => {
    const { requests } = await openCaseForm({
      form: { enabled: true, fields: [{ name: 'phone', label: 'Phone', type: 'phone', required: true }] },
    });
    await waitFor(() => expect(input('Name of field 1').value).toBe('phone'));
    fireEvent.click(screen.getByRole('button', { name: /Add field/ }));
    fireEvent.change(input('Name of field 2'), { target: { value: 'phone' } });
    fireEvent.change(input('Label of field 2'), { target: { value: 'Other phone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another field has this name')).toBeTruthy();
    fireEvent.change(input('Name of field 2'), { target: { value: '2nd phone' } });
    expect(await screen.findByText('A letter or _ first, then letters, digits or _')).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it("shows the server's reason when the save is refused", async () => {
    await openCaseForm({ refuse: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The case form was not saved')).toBeTruthy();
    expect(screen.getByText('Two fields share a name')).toBeTruthy();
  });
});
