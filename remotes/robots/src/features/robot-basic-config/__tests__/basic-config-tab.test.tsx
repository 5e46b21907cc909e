import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BASIC_CONFIG } from '@flotilla/shared';
import { renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeRobotsApi, makeDatabase, makeDataset, makeRobot } from '../../../test/fake-robots-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const config = {
  ...DEFAULT_BASIC_CONFIG,
  model: 'gpt-4o',
  systemPrompt: 'Be kind',
  datasetIds: ['d1'],
  databaseIds: [],
};

function open(
  options: {
    datasets?: ReturnType<typeof makeDataset>[];
    databases?: ReturnType<typeof makeDatabase>[];
    databaseIds?: string[];
    fail?: boolean;
  } = {},
) {
  const robot = makeRobot({ name: 'Concierge' });
  const api = fakeRobotsApi(
    [robot],
    (request) =>
      options.fail && request.method === 'PUT' && request.path.endsWith('/basic')
        ? {
            status: 422,
            body: { detail: [{ loc: ['body', 'temperature'], msg: 'temperature must be <= 2', type: 'range' }] },
          }
        : undefined,
    {
      datasets: options.datasets ?? [makeDataset('d1', 'Returns policy')],
      databases: options.databases ?? [makeDatabase('db1', 'Orders'), makeDatabase('db2', 'Stock')],
      basic: { [robot.processId]: { ...config, databaseIds: options.databaseIds ?? config.databaseIds } },
    },
  );
  renderInShell(<App />, { path: `/ai/${robot.processId}/detail`, scope: testScope('admin') });
  return { robot, ...api };
}

describe('basic config tab', () => {
  it('loads the config, the models of the admin and the datasets of the tenant', async () => {
    const { robot, requests } = open();
    const prompt = (await screen.findByLabelText('System prompt')) as HTMLTextAreaElement;
    expect(prompt.value).toBe('Be kind');
    expect(screen.getByText('GPT-4o (3 credits per answer)')).toBeTruthy();
    expect(await screen.findByText('Returns policy')).toBeTruthy();
    const paths = requests.map((request) => request.url.pathname + request.url.search);
    expect(paths).toContain(`/v1/processes/${robot.processId}/basic`);
    expect(paths).toContain(`/v1/processes/${robot.adminId}/modelConfig`);
    expect(paths).toContain('/v1/datasets?offset=0&limit=200');
    expect(paths).toContain('/v1/databases?offset=0&limit=200');
  });

  it('says how to get datasets when the tenant has none', async () => {
    open({ datasets: [] });
    expect(await screen.findByText(/This tenant has no datasets yet/)).toBeTruthy();
  });

  it('saves the form fields and says so', async () => {
    const { robot, requests, basic } = open();
    fireEvent.change(await screen.findByLabelText('System prompt'), { target: { value: 'Answer in English' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Basic config saved')).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/v1/processes/${robot.processId}/basic`);
    expect(put?.body).toEqual({
      model: 'gpt-4o',
      systemPrompt: 'Answer in English',
      temperature: config.temperature,
      historyLength: config.historyLength,
      fallbackReply: config.fallbackReply,
      datasetIds: ['d1'],
      databaseIds: [],
    });
    expect(basic[robot.processId]?.systemPrompt).toBe('Answer in English');
  });

  it('shows a validation message and sends nothing when the prompt is too long', async () => {
    const { requests } = open();
    fireEvent.change(await screen.findByLabelText('System prompt'), { target: { value: 'x'.repeat(10001) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The system prompt can be at most 10000 characters')).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it("shows the server's message when the save is refused", async () => {
    open({ fail: true });
    await screen.findByLabelText('System prompt');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The basic config was not saved')).toBeTruthy();
    expect(screen.getByText('temperature must be <= 2')).toBeTruthy();
  });

  it('says how to get databases when the tenant has none', async () => {
    open({ databases: [] });
    expect(await screen.findByText(/This tenant has no databases yet/)).toBeTruthy();
  });

  it('binds the databases picked, which lets database search be turned on', async () => {
    const { robot, requests, basic } = open();
    const dbSearch = await screen.findByRole('switch', { name: 'Query the databases' });
    expect(dbSearch.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Bind a database above and save before turning this on.')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Databases' }));
    fireEvent.click(await screen.findByRole('option', { name: /Stock/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Basic config saved')).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/v1/processes/${robot.processId}/basic`);
    expect(put?.body).toMatchObject({ datasetIds: ['d1'], databaseIds: ['db2'] });
    expect(basic[robot.processId]?.databaseIds).toEqual(['db2']);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Query the databases' }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.queryByText('Bind a database above and save before turning this on.')).toBeNull();
  });

  it('keeps database search off while no database is bound', async () => {
    const { requests } = open();
    fireEvent.click(await screen.findByRole('switch', { name: 'Query the databases' }));
    expect(screen.getByRole('switch', { name: 'Query the databases' }).getAttribute('aria-checked')).toBe('false');
    expect(requests.some((request) => request.path.endsWith('/enableDbSearch'))).toBe(false);
  });

  it('flips library and database search through their own calls', async () => {
    const { robot, requests } = open({ databaseIds: ['db1'] });
    const library = await screen.findByRole('switch', { name: 'Search the datasets' });
    expect(library.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(library);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Search the datasets' }).getAttribute('aria-checked')).toBe('false'),
    );
    fireEvent.click(screen.getByRole('switch', { name: 'Query the databases' }));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Query the databases' }).getAttribute('aria-checked')).toBe('true'),
    );
    const puts = requests.filter((request) => request.method === 'PUT').map((request) => request.path);
    expect(puts).toEqual([
      `/v1/processes/${robot.processId}/basic/disableLibrarySearch`,
      `/v1/processes/${robot.processId}/basic/enableDbSearch`,
    ]);
  });
});
