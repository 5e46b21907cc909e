export * from './client';
export * from './failure';
export * from './http-error';
export * from './event-stream';
export * from './save-file';
