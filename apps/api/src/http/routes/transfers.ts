import {
  type TTransferDestinationAnswer,
  type TTransferListAnswer,
  type TTransferStatus,
  type TValidateTransferCodeAnswer,
  ZAddTransferRequest,
  ZCanTransferRequest,
  ZTransferActionRequest,
  ZTransferListQuery,
  ZValidateTransferCodeRequest,
} from '@ingressos/contracts';
import { isValidCpf, stripCpfMask } from '@ingressos/domain/cpf';
import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import { emailByDocument } from '../../modules/accounts/find-user.ts';
import type { TAccountServices } from '../../modules/accounts/services.ts';
import type { TCheckoutServices } from '../../modules/checkout/services.ts';
import { addTransfer } from '../../modules/transfers/add-transfer.ts';
import { canTransfer } from '../../modules/transfers/can-transfer.ts';
import { cancelTransfer } from '../../modules/transfers/cancel-transfer.ts';
import { confirmTransfer } from '../../modules/transfers/confirm-transfer.ts';
import { listTransfers, pendingReceivedCount } from '../../modules/transfers/list-transfers.ts';
import { transferError } from '../../modules/transfers/messages.ts';
import { returnTransfer } from '../../modules/transfers/return-transfer.ts';
import { revokedQrs } from '../../modules/transfers/revoked-qrs.ts';
import {
  requireConfirmedSender,
  sendTransferCode,
  validateTransferCode,
} from '../../modules/transfers/transfer-codes.ts';
import { hideEmail, type TTransferServices } from '../../modules/transfers/transfer-facts.ts';
import { endpoint } from '../endpoint.ts';
import type { TAppEnv } from '../env.ts';
import { HttpError } from '../errors.ts';
import { requireAuth } from '../middleware/authenticate.ts';
import { parseOrUndefined, parseWith, readJsonBody } from '../request.ts';

async function body<S extends z.ZodType>(c: Context<TAppEnv>, schema: S): Promise<z.infer<S>> {
  return parseWith(c, schema, await readJsonBody(c, { malformed: 'missing' }));
}

/**
 * Ticket transfers (accounts §7): look up whose account a CPF is, check, send, list, accept
 * (confirm), refuse (return) and cancel; and the revoked-QR list gates read.
 */
export function transferRoutes(accounts: TAccountServices, checkout: TCheckoutServices) {
  const s: TTransferServices = {
    db: accounts.db,
    config: accounts.config,
    log: accounts.log,
    outbox: accounts.outbox,
    limits: accounts.limits,
    signer: checkout.signer,
  };
  /** The three PUT actions share their shape: parse, limit, act, answer the list entry's new state. */
  const action =
    (run: typeof confirmTransfer) =>
    async (c: Context<TAppEnv>): Promise<Response> => {
      const { user } = requireAuth(c);
      const locale = c.get('locale');
      const { transferId } = await body(c, ZTransferActionRequest);
      await s.limits.consume('transferActionUser', user.id, locale);
      await run(s, user, transferId, locale);
      c.header('Cache-Control', 'private, no-store');
      return c.json({ ok: true });
    };

  return (
    new Hono<TAppEnv>()
      /** Spec "E-mail by CPF for transfer": the e-mail comes back masked and the lookup is rate-limited. */
      .on(...endpoint('transferDestination'), async (c) => {
        const { user } = requireAuth(c);
        const locale = c.get('locale');
        const cpf = stripCpfMask(c.req.query('cpf') ?? '');
        if (!isValidCpf(cpf)) throw transferError('cpf_invalid', locale);
        await s.limits.consume('transferLookupUser', user.id, locale);
        const email = await emailByDocument(s.db, cpf);
        c.header('Cache-Control', 'private, no-store');
        return c.json<TTransferDestinationAnswer>(
          email ? { email: hideEmail(email), registered: true } : { email: null, registered: false },
        );
      })
      .on(...endpoint('userTransfers'), async (c) => {
        const { user } = requireAuth(c);
        const locale = c.get('locale');
        const parsed = parseOrUndefined(ZTransferListQuery, c.req.query());
        if (!parsed) throw transferError('list_failed', locale);
        const { transferStatus, direction } = parsed;
        const status = transferStatus === undefined ? undefined : (Number(transferStatus) as TTransferStatus);
        c.header('Cache-Control', 'private, no-store');
        return c.json<TTransferListAnswer>({
          transfers: await listTransfers(s.db, user, { status, direction }, locale),
        });
      })
      /** The shell's cheap question: is anything waiting for my answer? */
      .on(...endpoint('pendingTransferCount'), async (c) => {
        const { user } = requireAuth(c);
        c.header('Cache-Control', 'private, no-store');
        return c.json({ count: await pendingReceivedCount(s.db, user) });
      })
      .on(...endpoint('addTicketTransfer'), async (c) => {
        const { user } = requireAuth(c);
        const locale = c.get('locale');
        const input = await body(c, ZAddTransferRequest);
        await s.limits.consume('transferSendUser', user.id, locale);
        await requireConfirmedSender(s, user.id, locale);
        c.header('Cache-Control', 'private, no-store');
        return c.json(await addTransfer(s, user, input, locale), 201);
      })
      /** Spec "Validation e-mail notification": the sender's code, by e-mail. */
      .on(...endpoint('sendTransferCode'), async (c) => {
        const { user } = requireAuth(c);
        const locale = c.get('locale');
        await s.limits.consume('transferCodeMailUser', user.id, locale);
        c.header('Cache-Control', 'private, no-store');
        return c.json(await sendTransferCode(s, user));
      })
      .on(...endpoint('validateTransferCode'), async (c) => {
        const { user } = requireAuth(c);
        const locale = c.get('locale');
        const { code } = await body(c, ZValidateTransferCodeRequest);
        await s.limits.consume('transferCodeCheckUser', user.id, locale);
        c.header('Cache-Control', 'private, no-store');
        return c.json<TValidateTransferCodeAnswer>(await validateTransferCode(s, user, code, locale));
      })
      .on(...endpoint('canTransfer'), async (c) => {
        const { user } = requireAuth(c);
        const locale = c.get('locale');
        const input = await body(c, ZCanTransferRequest);
        if (input.destinationCpf !== undefined) await s.limits.consume('transferLookupUser', user.id, locale);
        c.header('Cache-Control', 'private, no-store');
        return c.json(await canTransfer(s, user, input, locale));
      })
      .on(...endpoint('confirmTransfer'), action(confirmTransfer))
      .on(...endpoint('returnTicketTransfer'), action(returnTransfer))
      .on(...endpoint('cancelTicketTransfer'), action(cancelTransfer))
      /** For gates verifying QR codes offline: the tickets whose earlier QR codes are void. */
      .get('/api/tickets/revoked', async (c) => {
        const eventId = Number(c.req.query('eventId'));
        if (!Number.isInteger(eventId) || eventId <= 0 || eventId > 2_147_483_647)
          throw new HttpError(400, 'invalid_request', 'Requisição inválida: eventId');
        c.header('Cache-Control', 'public, max-age=30');
        return c.json(await revokedQrs(s.db, eventId));
      })
  );
}
