import { API_MESSAGES } from '@ingressos/contracts';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { TDb } from '../../db/client.ts';
import type { TAccountServices } from '../../modules/accounts/services.ts';
import { applePass } from '../../modules/wallet/apple-pass.ts';
import {
  applePassToken,
  registerDevice,
  serialsUpdatedSince,
  unregisterDevice,
} from '../../modules/wallet/apple-web-service.ts';
import { markGoogleSaved } from '../../modules/wallet/google-objects.ts';
import { googleSaveLink } from '../../modules/wallet/google-save.ts';
import { holderPass, passBySerial } from '../../modules/wallet/pass-facts.ts';
import type { TWalletSettings } from '../../modules/wallet/settings.ts';
import { endpoint } from '../endpoint.ts';
import type { TAppEnv } from '../env.ts';
import { HttpError } from '../errors.ts';
import { requireAuth } from '../middleware/authenticate.ts';
import { parseWith, readJsonBody } from '../request.ts';

/** Apple's bodies: a registration's push token, and the messages a device logs. */
const ZRegistration = z.object({ pushToken: z.string().min(1).max(500) });
const ZDeviceLog = z.object({ logs: z.array(z.string().max(2000)).max(500) });

const notFound = (c: Context<TAppEnv>) =>
  new HttpError(404, 'not_found', API_MESSAGES[c.get('locale')].request.not_found);

/**
 * A PassKit web service status: a success as Apple expects it (no body); a refusal with the API's
 * error body as well (Apple reads only the status; every other client gets the usual message).
 */
function answer(c: Context<TAppEnv>, status: number) {
  if (status === 404) throw notFound(c);
  if (status === 401)
    throw new HttpError(401, 'unauthenticated', API_MESSAGES[c.get('locale')].account.unauthenticated);
  if (status >= 400)
    throw new HttpError(
      status as 400,
      'invalid_request',
      API_MESSAGES[c.get('locale')].request.invalid_request,
    );
  return c.body(null, status as 200 | 201);
}

/**
 * Issue 36 (docs/wallet.md): the holder's .pkpass and Google save link, and Apple's PassKit web
 * service under the pass's webServiceURL (/api/wallet/apple + /v1/...). A wallet not configured
 * answers 404 everywhere.
 */
export function walletRoutes(accounts: TAccountServices, wallet: TWalletSettings) {
  const db: TDb = accounts.db;
  const brand = accounts.config.BRAND_NAME;
  const { apple, google } = wallet;
  const mine = async (c: Context<TAppEnv>) => {
    const { user } = requireAuth(c);
    const facts = await holderPass(db, c.req.param('ticketId') ?? '', user.id);
    if (!facts) throw notFound(c);
    c.header('Cache-Control', 'private, no-store');
    return facts;
  };
  const device = (c: Context<TAppEnv>) => ({
    deviceId: c.req.param('deviceId') ?? '',
    passTypeId: c.req.param('passTypeId') ?? '',
    serial: c.req.param('serial') ?? '',
    token: applePassToken(c.req.header('authorization')),
  });
  const service = '/api/wallet/apple/v1';
  return new Hono<TAppEnv>()
    .on(...endpoint('walletApplePass'), async (c) => {
      // The session first (401), then whether this wallet is configured (404 like an unknown ticket).
      requireAuth(c);
      if (!apple) throw notFound(c);
      const facts = await mine(c);
      return c.body(new Uint8Array(await applePass(apple, facts, brand)), 200, {
        'content-type': 'application/vnd.apple.pkpass',
        'content-disposition': `attachment; filename="ingresso-${facts.serial}.pkpass"`,
      });
    })
    .on(...endpoint('walletGoogleLink'), async (c) => {
      requireAuth(c);
      if (!google) throw notFound(c);
      const facts = await mine(c);
      await markGoogleSaved(db, facts.serial);
      return c.json(await googleSaveLink(google, facts, brand));
    })
    .post(`${service}/devices/:deviceId/registrations/:passTypeId/:serial`, async (c) => {
      if (!apple || c.req.param('passTypeId') !== apple.passTypeId) throw notFound(c);
      const body = parseWith(c, ZRegistration, await readJsonBody(c, { malformed: 'missing' }));
      return answer(c, await registerDevice(db, device(c), body.pushToken));
    })
    .delete(`${service}/devices/:deviceId/registrations/:passTypeId/:serial`, async (c) => {
      if (!apple || c.req.param('passTypeId') !== apple.passTypeId) throw notFound(c);
      return answer(c, await unregisterDevice(db, device(c)));
    })
    .get(`${service}/devices/:deviceId/registrations/:passTypeId`, async (c) => {
      if (!apple || c.req.param('passTypeId') !== apple.passTypeId) throw notFound(c);
      const found = await serialsUpdatedSince(
        db,
        c.req.param('deviceId'),
        apple.passTypeId,
        c.req.query('passesUpdatedSince'),
      );
      return found ? c.json(found) : c.body(null, 204);
    })
    .get(`${service}/passes/:passTypeId/:serial`, async (c) => {
      if (!apple || c.req.param('passTypeId') !== apple.passTypeId) throw notFound(c);
      const facts = await passBySerial(db, c.req.param('serial'), device(c).token);
      if (!facts) return answer(c, 401);
      const modified = new Date(Math.floor(facts.changedAt.getTime() / 1000) * 1000);
      const since = Date.parse(c.req.header('if-modified-since') ?? '');
      if (!Number.isNaN(since) && modified.getTime() <= since) return c.body(null, 304);
      return c.body(new Uint8Array(await applePass(apple, facts, brand)), 200, {
        'content-type': 'application/vnd.apple.pkpass',
        'last-modified': modified.toUTCString(),
      });
    })
    .post(`${service}/log`, async (c) => {
      const { logs } = parseWith(c, ZDeviceLog, await readJsonBody(c, { malformed: 'missing' }));
      if (logs.length) accounts.log.info('apple wallet device log', { logs: logs.slice(0, 50) });
      return c.body(null, 200);
    });
}
