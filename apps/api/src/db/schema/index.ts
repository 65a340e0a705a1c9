export * from './accounts.ts';
export * from './meta.ts';
