export * from './paged-list';
export * from './item-loader';
export * from './polling';
