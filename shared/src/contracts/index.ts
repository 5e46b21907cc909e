/** Schemas and types of every call, shared by server and clients. No DOM, no React. */
export * from './common';
export * from './endpoint';
export * from './errors';
export * from './auth';
export * from './users';
export * from './processes';
export * from './datasets';
export * from './tasks';
export * from './cases';
export * from './share';
export * from './share-appearance';
export * from './chat';
export * from './answer-logs';
export * from './secrets';
export * from './credits';
export * from './app';
export * from './routes';
