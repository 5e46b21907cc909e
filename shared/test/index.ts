/**
 * Test helpers for every app: a fake `fetch` the real http client runs against, a render in the
 * shell's providers, and the standard checks of an app's catalogs. Imported only by tests
 * (`@flotilla/shared/test`); a shared test fails when code that ships imports it.
 */
export * from './catalogs';
export * from './fake-api';
export * from './fake-fetch';
export * from './render';
