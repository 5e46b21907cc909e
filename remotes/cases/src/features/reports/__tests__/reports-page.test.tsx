import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ExportCaseFileReport,
  GetCaseFileReport,
  ListCaseReports,
  type CaseFileReport,
  type CaseFileResult,
  type CaseReport,
} from '@flotilla/shared';
import { fakeApi, on, refuse, renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const fileRow: CaseReport = {
  kind: 'file',
  id: 'r1',
  name: 'questions.xlsx',
  processId: 'p1',
  processName: 'Sales robot',
  status: 'done',
  headline: 0.75,
  createdAt: '2026-05-02T08:00:00.000Z',
};
const comparisonRow: CaseReport = {
  kind: 'comparison',
  id: 'c7',
  name: 'Weekly check',
  processId: 'p2',
  processName: '',
  status: 'running',
  headline: null,
  createdAt: '2026-05-01T08:00:00.000Z',
};
const report: CaseFileReport = {
  id: 'r1',
  fileId: 'f1',
  fileName: 'questions.xlsx',
  processId: 'p1',
  processName: 'Sales robot',
  taskId: 't1',
  status: 'done',
  progress: 1,
  questionCount: 4,
  answeredCount: 3,
  fallbackCount: 1,
  fallbackRate: 0.25,
  averageLatencyMs: 120,
  p95LatencyMs: 300,
  createdAt: '2026-05-02T08:00:00.000Z',
  finishedAt: '2026-05-02T08:01:00.000Z',
};
function result(position: number, patch: Partial<CaseFileResult> = {}): CaseFileResult {
  return {
    position,
    question: `Question ${position + 1}?`,
    expected: '',
    answer: `Answer ${position + 1}`,
    citations: [],
    fallback: false,
    latencyMs: 100,
    errorCode: null,
    ...patch,
  };
}

describe('reports page', () => {
  it('lists every report: a file report opens here, a comparison on its own page', async () => {
    fakeApi([on(ListCaseReports, () => ({ list: [fileRow, comparisonRow], total: 2 }))]);
    renderInShell(<App />, { path: '/case/reports', scope: testScope('operator') });
    const file = (await screen.findByText('questions.xlsx')).closest('tr')!;
    expect(within(file).getByRole('link', { name: 'questions.xlsx' }).getAttribute('href')).toBe('/case/reports?id=r1');
    expect(within(file).getByText('File report')).toBeTruthy();
    expect(within(file).getByText('75% answered')).toBeTruthy();
    expect(within(file).getByText('Done')).toBeTruthy();
    const comparison = screen.getByText('Weekly check').closest('tr')!;
    expect(within(comparison).getByRole('link', { name: 'Weekly check' }).getAttribute('href')).toBe(
      '/case/comparison?id=c7',
    );
    expect(within(comparison).getByText('Deleted robot')).toBeTruthy();
    expect(within(comparison).getByText('Running')).toBeTruthy();
    expect(screen.getByText('2 reports')).toBeTruthy();
  });

  it('says where reports come from when there are none, and offers Retry when the list fails', async () => {
    let failing = true;
    fakeApi([
      on(ListCaseReports, () => (failing ? refuse(500, 'INTERNAL', 'Internal server error') : { list: [], total: 0 })),
    ]);
    renderInShell(<App />, { path: '/case/reports', scope: testScope('admin') });
    expect(await screen.findByText('The reports could not be loaded')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No reports yet')).toBeTruthy();
  });

  it('shows a file report: totals, each question with its answer, citations and fallback, paged; Export saves it', async () => {
    const results = Array.from({ length: 25 }, (_, i) =>
      result(i, i === 1 ? { fallback: true, answer: 'Sorry, I do not know.' } : {}),
    );
    results[0] = result(0, {
      expected: 'Seven days',
      citations: [{ index: 1, segmentId: 's1', fileName: 'policy.md', datasetId: 'd1', text: 'Seven days.' }],
    });
    const exported: unknown[] = [];
    fakeApi([
      on(GetCaseFileReport, ({ params, query }) =>
        params.id === 'r1'
          ? { report, list: results.slice(query.offset, query.offset + query.limit), total: results.length }
          : refuse(404, 'CASE_FILE_REPORT_NOT_FOUND', 'File report not found'),
      ),
      on(ExportCaseFileReport, ({ body }) => {
        exported.push(body);
        return new Response(new Blob(['xlsx']), { status: 200 });
      }),
    ]);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderInShell(<App />, { path: '/case/reports?id=r1', scope: testScope('operator') });
    expect(await screen.findByText('Answered by Sales robot')).toBeTruthy();
    const totals = ['Questions', 'Answered', 'Fallback replies', 'Fallback rate', 'P95 latency'].map(
      (label) => screen.getByText(label).closest('div')!.textContent,
    );
    expect(totals).toEqual(['Questions4', 'Answered3', 'Fallback replies1', 'Fallback rate25%', 'P95 latency300 ms']);
    const first = screen.getByText('Question 1?').closest('tr')!;
    expect(within(first).getByText('Seven days')).toBeTruthy();
    expect(within(first).getByText('[1] policy.md')).toBeTruthy();
    expect(within(screen.getByText('Question 2?').closest('tr')!).getByText('Fallback reply')).toBeTruthy();
    expect(screen.queryByText('Question 21?')).toBeNull();
    fireEvent.click(screen.getByText('2', { selector: '.semi-page-item' }));
    expect(await screen.findByText('Question 21?')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toEqual(['case-file-report.xlsx']));
    expect(exported).toEqual([{ id: 'r1' }]);
  });

  it('says a report of another tenant or deleted is not found', async () => {
    fakeApi([on(GetCaseFileReport, () => refuse(404, 'CASE_FILE_REPORT_NOT_FOUND', 'File report not found'))]);
    renderInShell(<App />, { path: '/case/reports?id=gone', scope: testScope('operator') });
    expect(await screen.findByText('Report not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Back to reports/ })).toBeTruthy();
  });
});
