export * from './paged-list';
export * from './item-loader';
