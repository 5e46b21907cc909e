import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { HttpError, type Task, type UserImportPreviewResponse } from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import {
  agentFilterChanged,
  keywordSearched,
  loadUsersFx,
  phoneSearched,
  roleFilterChanged,
  sortChanged,
} from '../../employees/employees.model';
import {
  $canImport,
  $refusedRows,
  $rowsShown,
  $task,
  exportClicked,
  exportFx,
  findTaskFx,
  importFx,
  importOpened,
  importSubmitted,
  invalidOnlyToggled,
  previewFx,
  sheetChosen,
  taskPolling,
} from '../user-import.model';

const sheet = new File(['x'], 'users.xlsx');
const preview = (invalid: number[], total = 4): UserImportPreviewResponse => {
  const rows = Array.from({ length: total }, (_, i) => ({
    row: i + 2,
    username: `u${i}`,
    phone: `1380000000${i}`,
    errors: invalid.includes(i + 2) ? ['The phone is missing'] : [],
  }));
  return { rows, valid: total - invalid.length, invalid: invalid.length };
};
const task = (status: Task['status'], progress: number): Task => ({
  id: 'task-1',
  type: 'importUsers',
  status,
  progress,
  title: 'users.xlsx',
  datasetId: null,
  fileId: null,
  databaseId: null,
  attempts: 1,
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
});
const emptyList = async () => ({ list: [], total: 0 });

describe('user import model', () => {
  it('shows the rows to fix first, or only them, and allows no import while any is left', async () => {
    const importing = vi.fn(async () => ({ taskId: 'task-1' }));
    const scope = fork({
      handlers: [
        [previewFx, async () => preview([4, 5])],
        [importFx, importing],
      ],
    });
    await allSettled(importOpened, { scope });
    await allSettled(sheetChosen, { scope, params: sheet });
    expect(scope.getState($rowsShown).map((row) => row.row)).toEqual([4, 5, 2, 3]);
    await allSettled(invalidOnlyToggled, { scope, params: true });
    expect(scope.getState($rowsShown).map((row) => row.row)).toEqual([4, 5]);
    expect(scope.getState($canImport)).toBe(false);
    await allSettled(importSubmitted, { scope });
    expect(importing).not.toHaveBeenCalled();
  });

  it('imports a clean sheet, follows its task until done, then reloads the list and says how many', async () => {
    const answers = [task('running', 0.4), task('done', 1)];
    const found = vi.fn(async () => answers.shift() ?? null);
    const load = vi.fn(emptyList);
    const success = vi.fn();
    const scope = fork({
      handlers: [
        [previewFx, async () => preview([])],
        [importFx, async () => ({ taskId: 'task-1' })],
        [findTaskFx, found],
        [loadUsersFx, load],
        [showSuccessFx, success],
        // The pause between two questions passes at once.
        [taskPolling.waitFx, async () => undefined],
      ],
    });
    await allSettled(importOpened, { scope });
    await allSettled(sheetChosen, { scope, params: sheet });
    expect(scope.getState($canImport)).toBe(true);
    await allSettled(importSubmitted, { scope });
    expect(found).toHaveBeenCalledTimes(2);
    expect(scope.getState($task)).toMatchObject({ status: 'done', progress: 1 });
    expect(load).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledWith({ id: 'users.import.done', values: { count: 4 } });
  });

  it('lists the rows a 422 refuses, and creates no task', async () => {
    const refusal = new HttpError(422, 'VALIDATION_FAILED', 'x', {
      detail: [{ loc: ['file', 7], msg: 'This username is already taken', type: 'USERS_IMPORT_ROW_INVALID' }],
    });
    const found = vi.fn(async () => null);
    const scope = fork({
      handlers: [
        [previewFx, async () => preview([])],
        [
          importFx,
          async () => {
            throw refusal;
          },
        ],
        [findTaskFx, found],
      ],
    });
    await allSettled(sheetChosen, { scope, params: sheet });
    await allSettled(importSubmitted, { scope });
    expect(scope.getState($refusedRows)).toEqual([{ row: 7, message: 'This username is already taken' }]);
    expect(found).not.toHaveBeenCalled();
  });

  it("exports with the list's filters, without paging", async () => {
    const exported = vi.fn(async () => undefined);
    const scope = fork({
      handlers: [
        [exportFx, exported],
        [loadUsersFx, emptyList],
      ],
    });
    await allSettled(roleFilterChanged, { scope, params: 'agent' });
    await allSettled(keywordSearched, { scope, params: ' ann ' });
    await allSettled(phoneSearched, { scope, params: '138' });
    await allSettled(agentFilterChanged, { scope, params: 'agents' });
    await allSettled(sortChanged, { scope, params: 'usernameAsc' });
    await allSettled(exportClicked, { scope });
    expect(exported).toHaveBeenCalledWith({
      role: 'agent',
      keyword: 'ann',
      phone: '138',
      isAgent: true,
      sort: 'username',
      order: 'asc',
    });
  });
});
