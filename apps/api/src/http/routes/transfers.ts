import type { TTransferDestinationAnswer } from '@ingressos/contracts';
import { isValidCpf, stripCpfMask } from '@ingressos/domain/cpf';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { users } from '../../db/schema/index.ts';
import type { TAccountServices } from '../../modules/accounts/services.ts';
import { paymentError } from '../../modules/checkout/messages.ts';
import type { TAppEnv } from '../env.ts';
import { requireAuth } from '../middleware/authenticate.ts';

/** An e-mail as someone else may see it: the first two characters of its name and its domain. */
export function hideEmail(email: string) {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

/**
 * Spec (accounts §7) "E-mail by CPF for transfer": whose account a transfer to this CPF reaches.
 * The e-mail comes back masked (it is another person's) and the lookup is rate-limited per buyer.
 */
export function transferRoutes(s: TAccountServices) {
  return new Hono<TAppEnv>().get('/transferTicket/getUserEmailByCpf', async (c) => {
    const { user } = requireAuth(c);
    const locale = c.get('locale');
    const cpf = stripCpfMask(c.req.query('cpf') ?? '');
    if (!isValidCpf(cpf)) throw paymentError(400, 'cpf_invalid', locale);
    await s.limits.consume('transferLookupUser', user.id, locale);
    const [found] = await s.db.select({ email: users.email }).from(users).where(eq(users.document, cpf));
    c.header('Cache-Control', 'private, no-store');
    return c.json<TTransferDestinationAnswer>(
      found ? { email: hideEmail(found.email), registered: true } : { email: null, registered: false },
    );
  });
}
