import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeCasesApi } from '../../../test/fake-cases-api';
import { activeCaseNavTab } from '../case-nav-tabs';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tabNames = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Cases area' });
  return within(nav)
    .getAllByRole('tab')
    .map((tab) => tab.textContent);
};

describe('cases area navigation', () => {
  it('shows agents the cases, teams and orders only', async () => {
    fakeCasesApi([]);
    renderInShell(<App />, { path: '/case', scope: testScope('agent') });
    expect(await tabNames()).toEqual(['Cases', 'Teams', 'Orders']);
  });

  it('shows admins and operators every page of the area, and goes to the one clicked', async () => {
    fakeCasesApi([]);
    renderInShell(<App />, { path: '/case', scope: testScope('operator') });
    expect(await tabNames()).toEqual(['Cases', 'Teams', 'Orders', 'Files', 'Comparisons', 'Reports']);
    fireEvent.click(screen.getByRole('tab', { name: 'Reports' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/case/reports'));
    expect(screen.getByRole('tab', { name: 'Reports' }).getAttribute('aria-selected')).toBe('true');
  });

  it('keeps the Cases tab lit on a case of the list', () => {
    expect(activeCaseNavTab('/case/c42')).toBe('case');
    expect(activeCaseNavTab('/case/teams/')).toBe('caseTeams');
  });
});
