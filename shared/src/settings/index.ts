export * from './settings.model';
