import type { CaseForm } from '@flotilla/shared';
import { createSettingsTab } from '../../lib/settings-tab';
import { getCaseForm } from './api/get-case-form';
import { putCaseForm } from './api/put-case-form';

/** The robot's case form, loaded when its tab opens and saved whole. */
export const caseForm = createSettingsTab<CaseForm, CaseForm>({
  load: getCaseForm,
  save: ({ robot, body }) => putCaseForm({ processId: robot.processId, body }),
  savedMessageId: 'robots.caseForm.saved',
});

/** The case form tab was opened for a robot. */
export const caseFormOpened = caseForm.opened;
/** The user asked to load the case form again after a failure. */
export const caseFormRetryClicked = caseForm.retryClicked;
/** The form passed its checks and was sent. */
export const caseFormSubmitted = caseForm.submitted;

export const loadCaseFormFx = caseForm.loadFx;
export const saveCaseFormFx = caseForm.saveFx;

export const $caseForm = caseForm.$value;
export const $caseFormStatus = caseForm.$status;
export const $caseFormLoadFailure = caseForm.$loadFailure;
export const $caseFormSaveFailure = caseForm.$saveFailure;
export const $caseFormSaving = caseForm.$saving;
export const $caseFormLoadCount = caseForm.$loadCount;
