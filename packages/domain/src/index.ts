export * from './cart.ts';
export * from './locale.ts';
