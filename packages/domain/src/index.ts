export * from './cart.ts';
export * from './catalogue.ts';
export * from './locale.ts';
export * from './payment-status.ts';
export * from './search.ts';
export * from './time.ts';
