export * from './meta.ts';
