import { API_MESSAGES } from '@ingressos/contracts';
import {
  BIOMETRY_TOKEN_HEADER,
  type TDeleteBiometryAnswer,
  ZBiometryUserParams,
  ZBiometryUuidParams,
  ZCreateBiometryRequest,
  ZGenerateBiometryTokenRequest,
  ZStartBiometryRequest,
} from '@ingressos/contracts/biometry';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createBiometry } from '../../modules/biometry/create-biometry.ts';
import { deleteMyBiometry } from '../../modules/biometry/delete-my-biometry.ts';
import { generateBiometryToken } from '../../modules/biometry/generate-biometry-token.ts';
import { getBiometryByUuid, getUserBiometry } from '../../modules/biometry/get-biometry-status.ts';
import { biometryMessage } from '../../modules/biometry/messages.ts';
import type { TBiometryServices } from '../../modules/biometry/services.ts';
import { startBiometry } from '../../modules/biometry/start-biometry.ts';
import { clientIp } from '../client-ip.ts';
import { endpoint } from '../endpoint.ts';
import type { TAppEnv } from '../env.ts';
import { errorBody, HttpError } from '../errors.ts';
import { requireAuth } from '../middleware/authenticate.ts';
import { parseWithMessages, readJsonBody } from '../request.ts';

/** The create call's body: up to 8 JPEG frames of BIOMETRY_FRAME_MAX_BYTES each, in base64. */
export const BIOMETRY_CREATE_PATH = '/v1/biometry/create';
const CREATE_MAX_BODY = 12 * 540_000;

/** Facial biometry (accounts §7) under /v1/biometry, and deleting it under /api/privacy. */
export function biometryRoutes(s: TBiometryServices) {
  const ip = (c: Context<TAppEnv>) => clientIp(c, s.config.TRUST_PROXY_HOPS);
  const actor = (c: Context<TAppEnv>) => ({
    userId: c.get('auth')?.user.id ?? null,
    token: c.req.header(BIOMETRY_TOKEN_HEADER) ?? null,
  });
  return new Hono<TAppEnv>()
    .on(...endpoint('startBiometry'), async (c) => {
      const { user } = requireAuth(c);
      const locale = c.get('locale');
      await s.limits.consume('biometryIp', ip(c), locale);
      await s.limits.consume('biometryStartUser', user.id, locale);
      const input = parseWithMessages(ZStartBiometryRequest, (await readJsonBody(c)) ?? {}, locale);
      c.header('Cache-Control', 'no-store');
      return c.json(await startBiometry({ s, userId: user.id, eventId: input.eventId ?? null }));
    })

    .on(...endpoint('generateBiometryToken'), async (c) => {
      const { user } = requireAuth(c);
      const locale = c.get('locale');
      await s.limits.consume('biometryIp', ip(c), locale);
      await s.limits.consume('biometryTokenUser', user.id, locale);
      const input = parseWithMessages(ZGenerateBiometryTokenRequest, await readJsonBody(c), locale);
      c.header('Cache-Control', 'no-store');
      return c.json(await generateBiometryToken({ s, userId: user.id, input, locale }));
    })

    .post(
      BIOMETRY_CREATE_PATH,
      bodyLimit({
        maxSize: CREATE_MAX_BODY,
        onError: (c) => c.json(errorBody('payload_too_large', 'Requisição muito grande.'), 413),
      }),
      async (c) => {
        const locale = c.get('locale');
        await s.limits.consume('biometryIp', ip(c), locale);
        const text = await c.req.text();
        let body: unknown;
        try {
          body = text.trim() === '' ? undefined : JSON.parse(text);
        } catch {
          throw new HttpError(400, 'invalid_json', API_MESSAGES[locale].request.invalid_json);
        }
        const input = parseWithMessages(ZCreateBiometryRequest, body, locale);
        const who = actor(c);
        const frames = input.frames.map((frame) => new Uint8Array(Buffer.from(frame, 'base64')));
        c.header('Cache-Control', 'no-store');
        return c.json(await createBiometry({ s, uuid: input.uuid, frames, actor: who, locale }));
      },
    )

    .on(...endpoint('biometryUserStatus'), async (c) => {
      const { user } = requireAuth(c);
      const locale = c.get('locale');
      const { userId } = parseWithMessages(ZBiometryUserParams, c.req.param(), locale);
      c.header('Cache-Control', 'no-store');
      return c.json(await getUserBiometry({ s, askerId: user.id, userId, locale }));
    })

    .on(...endpoint('biometryStatus'), async (c) => {
      const locale = c.get('locale');
      const { uuid } = parseWithMessages(ZBiometryUuidParams, c.req.param(), locale);
      c.header('Cache-Control', 'no-store');
      return c.json(await getBiometryByUuid({ s, uuid, actor: actor(c), locale }));
    })

    .on(...endpoint('deleteMyBiometry'), async (c) => {
      const { user } = requireAuth(c);
      const locale = c.get('locale');
      await s.limits.consume('biometryDeleteUser', user.id, locale);
      const deleted = await deleteMyBiometry({ s, userId: user.id });
      c.header('Cache-Control', 'no-store');
      const answer: TDeleteBiometryAnswer = { Message: biometryMessage('deleted', locale), deleted };
      return c.json(answer);
    });
}
