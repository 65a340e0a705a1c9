export * from './accounts.ts';
export * from './cart.ts';
export * from './catalogue.ts';
export * from './checkout.ts';
export * from './meta.ts';
export * from './outbox.ts';
export * from './privacy.ts';
export * from './transfers.ts';
