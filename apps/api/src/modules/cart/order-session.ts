/**
 * The cart session an order's cart moves to while the order owns it (checkout/order/reserve-order.ts
 * moves it there, end-order.ts gives it back or deletes it, tickets/get-order-receipt.ts reads it).
 * It lives with the cart, below checkout and tickets, so neither module folder imports the other for it.
 */
export const orderSession = (orderId: string) => `order_${orderId}`;
