import type { TLocale } from '@ingressos/domain';
import type { TKindRenderer } from '../outbox/renderers.ts';
import { renderConfirmationMail } from './confirmation-mail.ts';

/** The tickets' messages made by the outbox at delivery, registered by the composition root (http/app.ts). */
export const ticketMailRenderers: { order_confirmation: TKindRenderer<'order_confirmation'> } = {
  order_confirmation: (deps, request) =>
    renderConfirmationMail(deps, request.orderId, request.locale as TLocale),
};
