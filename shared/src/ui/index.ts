/** Semi-based widgets shared by the shell and the remotes. Importing this entry loads Semi. */
import { loadCatalogs } from '../i18n';
import { sharedCatalogs } from './catalog';

loadCatalogs(sharedCatalogs);

export { sharedCatalogs };
export * from './error-state';
export * from './empty-state';
export * from './not-found-state';
export * from './notice';
export * from './page';
export * from './page-header';
export * from './back-button';
export * from './surface';
export * from './paged-table';
export * from './remote-boundary';
export * from './semi-locale';
export * from '../federation';
export * from './visually-hidden';
export * from './labelled-select';
export * from './save-failed-banner';
