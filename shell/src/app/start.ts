import { loadCatalogs, syncAuthAcrossTabs } from '@flotilla/shared';
import { shellCatalogs } from '../locales';
import { settingsApplyStarted } from '../settings/settings.model';
import { versionCheckStarted } from '../version-check/version-check.model';
import { consoleStarted } from '../federation/remotes.model';
import { applyScreen } from '../layout/screen';
// Wires the error notices to the bus; Semi loads only when a notice is shown.
import '../notices/notices.model';

/** Everything the shell does once, before the first render. */
export function startShell(): void {
  loadCatalogs(shellCatalogs);
  settingsApplyStarted();
  // Before any dialog can open: its motion duration comes from here (the layout follows resizes later).
  applyScreen(document.documentElement, window.innerWidth);
  // A logout in another tab ends this tab's session too; the guards then show the login page.
  syncAuthAcrossTabs();
  consoleStarted();
  versionCheckStarted();
}
