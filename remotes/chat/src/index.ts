// The development entry (one federated build serves the remote and the page). Federation needs an
// async boundary before any shared module is used. Production builds the page from standalone.tsx
// without federation (rspack.config.mjs).
import('./standalone');
