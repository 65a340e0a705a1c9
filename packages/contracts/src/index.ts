export * from './cart.ts';
export * from './catalog-import.ts';
export * from './catalogue.ts';
export * from './checkout.ts';
export * from './errors.ts';
export * from './pages.ts';
export * from './site.ts';
export * from './transfers.ts';
