import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import {
  createPagedList,
  createPolling,
  toFailure,
  type CaseFile,
  type CaseFileAnalysis,
  type Failure,
  type ListCaseFilesQuery,
} from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import { deleteCaseFile, deleteCaseFiles } from './api/delete-case-files';
import { listCaseFiles } from './api/list-case-files';
import { listRobotChoices } from './api/list-robot-choices';
import { startAnalysis } from './api/start-analysis';
import { uploadCaseFile } from './api/upload-case-file';

export const CASE_FILES_PAGE_SIZE = 20;

/** A robot the analysis picker offers. */
export type RobotChoice = { processId: string; name: string };

/** An analysis the list should keep following: queued or running. */
export const isMoving = (analysis: CaseFileAnalysis | null) =>
  analysis !== null && (analysis.status === 'queued' || analysis.status === 'running');

/** The tenant's case files, searched by name and paged on the server; a row deletes itself. */
export const caseFileList = createPagedList<ListCaseFilesQuery, CaseFile>({
  fetchPage: listCaseFiles,
  itemKey: (file) => file.id,
  deleteItem: (file) => deleteCaseFile(file.id),
  pageSize: CASE_FILES_PAGE_SIZE,
});
/** While an analysis on screen is queued or running, the list is asked again every 2 s. */
export const analysisPolling = createPolling();

/** The files page was opened. */
export const caseFilesPageOpened = createEvent();
/** The files page was left. */
export const caseFilesPageLeft = createEvent();
/** The user chose a file to upload. */
export const caseFileChosen = createEvent<File>();
/** The user ticked or cleared a row's box. */
export const caseFileToggled = createEvent<{ id: string; selected: boolean }>();
/** The user confirmed deleting the ticked files. */
export const selectedDeleteConfirmed = createEvent();
/** The user asked to analyse a file with a robot: the picker opens. */
export const analyseClicked = createEvent<CaseFile>();
/** The user closed the picker. */
export const analyseClosed = createEvent();
/** The user picked a robot in the picker. */
export const robotPicked = createEvent<string>();
/** The user confirmed the analysis. */
export const analyseSubmitted = createEvent();

export const uploadFx = createEffect<File, CaseFile, Error>(uploadCaseFile);
export const deleteSelectedFx = createEffect<string[], void, Error>(deleteCaseFiles);
export const loadRobotChoicesFx = createEffect<void, RobotChoice[], Error>(listRobotChoices);
export const startAnalysisFx = createEffect<{ fileId: string; processId: string }, CaseFileAnalysis, Error>(
  startAnalysis,
);

export const $uploading = uploadFx.pending;
/** Why the last upload was refused (not a spreadsheet, empty, no question column, too many rows…). */
export const $uploadFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(uploadFx.failData, (_, error) => toFailure(error))
  .reset(uploadFx, caseFilesPageOpened);

export const $selectedIds = createStore<string[]>([])
  .on(caseFileToggled, (ids, { id, selected }) =>
    selected ? [...ids.filter((other) => other !== id), id] : ids.filter((other) => other !== id),
  )
  .reset(caseFileList.loadPageFx.done, deleteSelectedFx.done, caseFilesPageOpened);
export const $deletingSelected = deleteSelectedFx.pending;
/** Why the last delete was refused (a file being analysed: 409). */
export const $deleteFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(deleteSelectedFx.failData, (_, error) => toFailure(error))
  .on(caseFileList.deleteItemFx.failData, (_, error) => toFailure(error))
  .reset(deleteSelectedFx, caseFileList.deleteItemFx, caseFilesPageOpened);

/** The file the picker analyses, while it is open. */
export const $analysedFile = createStore<CaseFile | null>(null, { skipVoid: false })
  .on(analyseClicked, (_, file) => file)
  .reset(analyseClosed, startAnalysisFx.done);
export const $robotChoices = createStore<RobotChoice[]>([]).on(loadRobotChoicesFx.doneData, (_, robots) => robots);
export const $robotChoicesFailed = createStore(false)
  .on(loadRobotChoicesFx.fail, () => true)
  .reset(loadRobotChoicesFx);
export const $pickedRobot = createStore<string | null>(null, { skipVoid: false })
  .on(robotPicked, (_, id) => id)
  .reset(analyseClicked);
export const $starting = startAnalysisFx.pending;
export const $analyseFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(startAnalysisFx.failData, (_, error) => toFailure(error))
  .reset(analyseClicked, startAnalysisFx);
/** The analysis started last from this page, for the banner that links to the task list. */
export const $startedAnalysis = createStore<CaseFileAnalysis | null>(null, { skipVoid: false })
  .on(startAnalysisFx.doneData, (_, analysis) => analysis)
  .reset(caseFilesPageOpened);
export const $canStart = combine(
  $analysedFile,
  $pickedRobot,
  $starting,
  (file, robot, starting) => file !== null && robot !== null && !starting,
);

sample({ clock: caseFilesPageOpened, target: [caseFileList.pageOpened, analysisPolling.started] });
sample({ clock: caseFilesPageLeft, target: analysisPolling.stopped });
sample({
  clock: caseFileList.loadPageFx.doneData,
  fn: ({ list }) => list.some((file) => isMoving(file.analysis)),
  target: analysisPolling.answered,
});
sample({ clock: analysisPolling.ticked, target: caseFileList.reloadRequested });

sample({ clock: caseFileChosen, source: $uploading, filter: (busy) => !busy, fn: (_, file) => file, target: uploadFx });
sample({ clock: uploadFx.done, target: caseFileList.reloadRequested });
sample({
  clock: uploadFx.doneData,
  fn: (file) => ({ id: 'cases.files.uploaded', values: { name: file.name, count: file.rowCount } }),
  target: showSuccessFx,
});

sample({
  clock: selectedDeleteConfirmed,
  source: { ids: $selectedIds, busy: $deletingSelected },
  filter: ({ ids, busy }) => ids.length > 0 && !busy,
  fn: ({ ids }) => ids,
  target: deleteSelectedFx,
});
sample({ clock: deleteSelectedFx.done, target: caseFileList.reloadRequested });

// The robots are read with the page, and again when the picker opens after they failed.
sample({ clock: caseFilesPageOpened, target: loadRobotChoicesFx });
sample({
  clock: analyseClicked,
  source: $robotChoicesFailed,
  filter: (failed) => failed,
  fn: () => undefined,
  target: loadRobotChoicesFx,
});
sample({
  clock: analyseSubmitted,
  source: { file: $analysedFile, robot: $pickedRobot, can: $canStart },
  filter: ({ can }) => can,
  fn: ({ file, robot }) => ({ fileId: (file as CaseFile).id, processId: robot as string }),
  target: startAnalysisFx,
});
sample({ clock: startAnalysisFx.done, target: caseFileList.reloadRequested });
