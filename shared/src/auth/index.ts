export * from './auth.model';
export * from './permission';
