export * from './catalogue.ts';
export * from './locale.ts';
export * from './search.ts';
export * from './time.ts';
