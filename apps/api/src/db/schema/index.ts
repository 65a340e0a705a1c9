export * from './catalogue.ts';
export * from './meta.ts';
