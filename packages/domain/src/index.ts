export * from './cart.ts';
export * from './locale.ts';
export * from './payment-status.ts';
