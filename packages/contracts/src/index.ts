export * from './errors.ts';
export * from './pages.ts';
export * from './site.ts';
