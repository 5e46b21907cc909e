import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DeleteCaseFile,
  DeleteCaseFiles,
  ListCaseFiles,
  ListRobots,
  StartCaseFileAnalysis,
  UploadCaseFile,
  type CaseFile,
  type CaseFileAnalysis,
} from '@flotilla/shared';
import { fakeApi, on, Refusal, refuse, renderInShell, testScope, type FakeRoute } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { makeRobot } from '../../../test/fake-cases-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

let sequence = 0;
function makeFile(patch: Partial<CaseFile> = {}): CaseFile {
  sequence += 1;
  return {
    id: `f${sequence}`,
    name: `questions-${sequence}.xlsx`,
    kind: 'questions',
    type: 'xlsx',
    size: 1200,
    rowCount: 12,
    createdAt: '2026-05-01T08:00:00.000Z',
    analysis: null,
    ...patch,
  };
}
function makeAnalysis(patch: Partial<CaseFileAnalysis> = {}): CaseFileAnalysis {
  return {
    reportId: 'r1',
    fileId: 'f1',
    processId: 'p1',
    processName: 'Sales robot',
    taskId: 't1',
    status: 'done',
    progress: 1,
    createdAt: '2026-05-02T08:00:00.000Z',
    ...patch,
  };
}
const robot = makeRobot('p1', 'Sales robot');

/** A fake server holding `files`; `extra` routes come first. */
function fakeFiles(files: CaseFile[], extra: FakeRoute[] = []) {
  return fakeApi([
    ...extra,
    on(ListCaseFiles, ({ query }) => {
      const shown = files.filter((file) => !query.keyword || file.name.includes(query.keyword));
      return { list: shown.slice(query.offset, query.offset + query.limit), total: shown.length };
    }),
    on(ListRobots, () => ({ list: [robot], total: 1 })),
  ]);
}

const open = () => renderInShell(<App />, { path: '/case/files', scope: testScope('operator') });

describe('case files page', () => {
  it('explains what to upload when there are no files', async () => {
    fakeFiles([]);
    open();
    expect(await screen.findByText('No case files yet')).toBeTruthy();
    expect(screen.getByText(/xlsx, csv or json, up to 5 MB and 1000 questions/)).toBeTruthy();
  });

  it('lists the files with their kind, questions and newest analysis, which links to its report', async () => {
    fakeFiles([
      makeFile({ name: 'log.csv', kind: 'conversations', type: 'csv', rowCount: 30, analysis: makeAnalysis() }),
      makeFile({
        name: 'set.json',
        analysis: makeAnalysis({ reportId: 'r2', status: 'running', progress: 0.5, processName: '' }),
      }),
    ]);
    open();
    const row = (await screen.findByText('log.csv')).closest('tr')!;
    expect(within(row).getByText('Conversation log')).toBeTruthy();
    expect(within(row).getByText('30')).toBeTruthy();
    expect(within(row).getByText('Done')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Open report' }).getAttribute('href')).toBe('/case/reports?id=r1');
    const running = screen.getByText('set.json').closest('tr')!;
    expect(within(running).getByText('Running')).toBeTruthy();
    expect(within(running).getByText('Deleted robot')).toBeTruthy();
    expect(within(running).getByText('50%')).toBeTruthy();
    // A file being analysed cannot be analysed again until its task ends.
    expect(
      within(running).getByRole('button', { name: 'Analyse with robot…' }).hasAttribute('disabled') ||
        within(running).getByRole('button', { name: 'Analyse with robot…' }).getAttribute('aria-disabled') === 'true',
    ).toBe(true);
    expect(screen.getByText('2 files')).toBeTruthy();
  });

  it('uploads a chosen file and lists it; a refused file shows why', async () => {
    const files: CaseFile[] = [];
    const sent: string[] = [];
    let refuseNext = true;
    fakeFiles(files, [
      on(UploadCaseFile, ({ body }) => {
        const file = body.get('file') as File;
        sent.push(file.name);
        if (refuseNext) {
          refuseNext = false;
          return new Refusal(422, {
            detail: [
              { loc: ['body', 'file'], msg: 'The file has no question column', type: 'CASE_FILE_COLUMNS_MISSING' },
            ],
          });
        }
        const stored = makeFile({ name: file.name, rowCount: 3 });
        files.push(stored);
        return stored;
      }),
    ]);
    open();
    await screen.findByText('No case files yet');
    const input = screen.getByLabelText('Upload file', { selector: 'input' });
    fireEvent.change(input, { target: { files: [new File(['title\nx'], 'wrong.csv')] } });
    expect(await screen.findByText('The file was not uploaded')).toBeTruthy();
    expect(screen.getByText('The file has no question column')).toBeTruthy();

    fireEvent.change(input, { target: { files: [new File(['question\nWhy?'], 'right.csv')] } });
    expect(await screen.findByText('right.csv')).toBeTruthy();
    expect(screen.queryByText('The file was not uploaded')).toBeNull();
    expect(sent).toEqual(['wrong.csv', 'right.csv']);
  });

  it('deletes the ticked files together, and says to cancel the analysis first when one is in use', async () => {
    const [a, b, c] = [makeFile({ name: 'a.csv' }), makeFile({ name: 'b.csv' }), makeFile({ name: 'c.csv' })];
    const files = [a, b, c];
    const deleted: string[][] = [];
    let inUse = true;
    fakeFiles(files, [
      on(DeleteCaseFiles, ({ body }) => {
        if (inUse) {
          inUse = false;
          return refuse(409, 'CASE_FILE_IN_USE', 'The file is being analysed');
        }
        deleted.push(body.ids);
        for (const id of body.ids)
          files.splice(
            files.findIndex((file) => file.id === id),
            1,
          );
        return { deleted: body.ids.length };
      }),
    ]);
    open();
    await screen.findByText('a.csv');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select a.csv' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select c.csv' }));
    fireEvent.click(screen.getByRole('button', { name: /Delete selected \(2\)/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/cancel its task in the task list first/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Delete selected \(2\)/ }));
    const confirms = await screen.findAllByRole('button', { name: 'Delete' });
    fireEvent.click(confirms.at(-1)!);
    await waitFor(() => expect(screen.queryByText('a.csv')).toBeNull());
    expect(screen.queryByText('c.csv')).toBeNull();
    expect(screen.getByText('b.csv')).toBeTruthy();
    expect(deleted).toEqual([[a.id, c.id]]);
  });

  it('deletes one file from its row', async () => {
    const files = [makeFile({ name: 'only.csv' })];
    const deleted: string[] = [];
    fakeFiles(files, [
      on(DeleteCaseFile, ({ query }) => {
        deleted.push(query.id);
        files.splice(0, 1);
        return { ok: true as const };
      }),
    ]);
    open();
    await screen.findByText('only.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Delete only.csv' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No case files yet')).toBeTruthy();
    expect(deleted).toHaveLength(1);
  });

  it('analyses a file with the robot picked, and links to the task list', async () => {
    const file = makeFile({ name: 'set.xlsx', rowCount: 4 });
    const started: unknown[] = [];
    fakeFiles(
      [file],
      [
        on(StartCaseFileAnalysis, ({ body }) => {
          started.push(body);
          return makeAnalysis({ fileId: file.id, status: 'queued', progress: 0 });
        }),
      ],
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Analyse with robot…' }));
    expect(await screen.findByText(/each of the 4 questions of set.xlsx/)).toBeTruthy();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Robot' }));
    // Semi's dropdown opens outside the dialog, which hides the rest of the page from the accessibility tree.
    fireEvent.click(await screen.findByRole('option', { name: /Sales robot$/, hidden: true }));
    // Semi names the modal's OK button "confirm": it is found by its text.
    fireEvent.click(screen.getByText('Start analysis'));
    await waitFor(() => expect(started).toEqual([{ fileId: file.id, processId: 'p1' }]));
    expect(await screen.findByText(/Analysis by Sales robot started/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'task list' }).getAttribute('href')).toBe('/task-list');
    expect(started).toEqual([{ fileId: file.id, processId: 'p1' }]);
  });
});
