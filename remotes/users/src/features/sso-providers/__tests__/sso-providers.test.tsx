import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  $user,
  CreateOidcProvider,
  DeleteOidcProvider,
  ListOidcProviders,
  ListUsers,
  UpdateOidcProvider,
  type OidcProvider,
  type Role,
} from '@flotilla/shared';
import { fakeApi, on, refuse, renderInShell, type FakeRoute } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { makeUser } from '../../../test-utils/fake-users';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function scopeOf(role: Role) {
  return fork({ values: [[$user, makeUser({ id: 'me', username: 'root', role })]] });
}

const corp: OidcProvider = {
  id: 'p-1',
  name: 'Corp ID',
  issuer: 'https://id.corp.example',
  clientId: 'console',
  hasSecret: true,
  role: 'operator',
  enabled: true,
  createdAt: '2026-03-01T08:00:00.000Z',
};

/** The employee list (no users) and a provider store kept in `providers`. */
function serve(providers: OidcProvider[], extra: FakeRoute[] = []) {
  return fakeApi([
    on(ListUsers, () => ({ list: [], total: 0 })),
    ...extra,
    on(ListOidcProviders, () => ({ list: providers, total: providers.length })),
    on(CreateOidcProvider, ({ body }) => {
      const { clientSecret, ...rest } = body;
      const created = {
        ...rest,
        id: `p-${providers.length + 1}`,
        hasSecret: Boolean(clientSecret),
        createdAt: corp.createdAt,
      };
      providers.push(created);
      return created;
    }),
    on(UpdateOidcProvider, ({ params, body }) => {
      const index = providers.findIndex((provider) => provider.id === params.id);
      const { clientSecret, ...rest } = body;
      providers[index] = {
        ...providers[index],
        ...rest,
        // As the server: no secret keeps the stored one, an empty one clears it.
        hasSecret: clientSecret === undefined ? providers[index].hasSecret : clientSecret !== '',
      };
      return providers[index];
    }),
    on(DeleteOidcProvider, ({ params }) => {
      providers.splice(
        providers.findIndex((provider) => provider.id === params.id),
        1,
      );
      return { ok: true as const };
    }),
  ]);
}

async function openSheet() {
  renderInShell(<App />, { path: '/employee-list', scope: scopeOf('admin') });
  fireEvent.click(await screen.findByRole('button', { name: /Single sign-on/ }));
  return screen.findByRole('dialog');
}

function type(container: HTMLElement, label: string, value: string) {
  fireEvent.change(within(container).getByLabelText(label), { target: { value } });
}

describe('single sign-on providers on /employee-list', () => {
  it('lists the providers with the redirect URI to register, and copies it', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    serve([corp]);
    const sheet = await openSheet();
    expect(await within(sheet).findByText('Corp ID')).toBeTruthy();
    const uri = `${window.location.origin}/oauth2/callback?clientId=console`;
    expect(within(sheet).getByText(uri)).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Copy the redirect URI' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(uri));
  });

  it('adds a provider and shows it in the list', async () => {
    const providers: OidcProvider[] = [];
    const requests = serve(providers);
    const sheet = await openSheet();
    expect(await within(sheet).findByText('No provider yet')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: /Add provider/ }));
    const form = await screen.findByRole('form', { name: 'Add a provider' });
    type(form, 'Name', 'Partner');
    type(form, 'Issuer URL', 'https://partner.example');
    type(form, 'Client ID', 'flotilla');
    type(form, 'Client secret', 's3cret');
    expect(await within(form).findByText(`${window.location.origin}/oauth2/callback?clientId=flotilla`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(sheet).findByText('Partner')).toBeTruthy();
    const created = requests.find((request) => request.method === 'POST' && request.path === '/v1/oidc/providers');
    expect(created?.body).toEqual({
      name: 'Partner',
      issuer: 'https://partner.example',
      clientId: 'flotilla',
      clientSecret: 's3cret',
      role: 'operator',
      enabled: true,
    });
  });

  it('keeps the stored secret when an edit leaves the secret empty', async () => {
    const requests = serve([{ ...corp }]);
    const sheet = await openSheet();
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Edit Corp ID' }));
    const form = await screen.findByRole('form', { name: 'Edit Corp ID' });
    expect(within(form).getByPlaceholderText('Leave empty to keep the stored secret')).toBeTruthy();
    type(form, 'Name', 'Corp SSO');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(sheet).findByText('Corp SSO')).toBeTruthy();
    const updated = requests.find((request) => request.method === 'PUT');
    expect(updated?.path).toBe('/v1/oidc/providers/p-1');
    expect(updated?.body).not.toHaveProperty('clientSecret');
  });

  it('removes the stored secret when asked, sending it empty', async () => {
    const requests = serve([{ ...corp }]);
    const sheet = await openSheet();
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Edit Corp ID' }));
    const form = await screen.findByRole('form', { name: 'Edit Corp ID' });
    fireEvent.click(within(form).getByRole('checkbox', { name: /Remove the stored secret/ }));
    await waitFor(() => expect(within(form).getByLabelText('Client secret').hasAttribute('disabled')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({ clientSecret: '' });
  });

  it('deletes a provider after confirmation', async () => {
    serve([{ ...corp }]);
    const sheet = await openSheet();
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Delete Corp ID' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await within(sheet).findByText('No provider yet')).toBeTruthy();
  });

  it('says when the providers cannot be read and reads them again on retry', async () => {
    let fail = true;
    serve([], [on(ListOidcProviders, () => (fail ? refuse(500, 'INTERNAL', 'boom') : { list: [corp], total: 1 }))]);
    const sheet = await openSheet();
    expect(await within(sheet).findByText('The providers could not be read')).toBeTruthy();
    fail = false;
    fireEvent.click(within(sheet).getAllByRole('button', { name: /retry/i })[0]);
    expect(await within(sheet).findByText('Corp ID')).toBeTruthy();
  });

  it('is not offered to an operator', async () => {
    serve([]);
    renderInShell(<App />, { path: '/employee-list', scope: scopeOf('operator') });
    expect(await screen.findByRole('heading', { name: 'Employees' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Single sign-on/ })).toBeNull();
  });
});
