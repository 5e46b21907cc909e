/**
 * The one package every app imports (see docs/architecture.md, Parts): the auth event bus, the HTTP client, i18n,
 * permission, settings, the API contracts and the list and item model factories. Shared as a
 * federation singleton, so every app sees the same stores. Semi-based widgets live in `@flotilla/shared/ui`, so pages that must stay
 * small (login, public chat) can use this entry without loading Semi.
 */
export * from './contracts';
export * from './storage';
export * from './auth';
export * from './http';
export * from './i18n';
export * from './settings';
export * from './lists';
export { SHARED_API_VERSION } from './version';
// Without Semi: the chat's public page imports these too.
export * from './federation/chat-panel';
export * from './federation/load-timeout';
