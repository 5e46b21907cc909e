export * from './client';
export * from './http-error';
