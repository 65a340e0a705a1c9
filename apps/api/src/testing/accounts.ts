import type { IncomingMessage } from 'node:http';
import type { TRegisterRequest } from '@ingressos/contracts/accounts';
import { cpfCheckDigits } from '@ingressos/domain/cpf';
import { and, desc, eq } from '../db/orm.ts';
import { mailOutbox, outboxMessages } from '../db/schema/index.ts';
import type { TTestApp } from './test-app.ts';

let serial = 0;
/** Where this process's CPFs start: another process (another file's worker) starts elsewhere. */
const SALT = Math.floor(Math.random() * 1e9);
/**
 * A valid CPF no other test uses: never the same twice in a process (the step, a prime, is coprime
 * with 10^9, so a billion calls pass before one repeats). It used a clock and a random term, and
 * two registrations of one file once drew the same number ('Este e-mail já está cadastrado').
 */
export function uniqueCpf(): string {
  serial += 1;
  const nine = String((SALT + serial * 104_729) % 1e9).padStart(9, '1');
  const base = /^(\d)\1{8}$/.test(nine) ? '123456780' : nine;
  return `${base}${cpfCheckDigits(base)}`;
}

export const PASSWORD = 'Segura#2026';

/**
 * The users row of a verified adult from São Paulo with a complete profile and no usable password:
 * a buyer written straight to the database (benches, fault suites, gate journeys).
 */
export function verifiedUserRow(person: TRegisterRequest) {
  return {
    name: person.name,
    email: person.email,
    document: person.cpf,
    nationality: 0,
    birthDate: '1990-05-20',
    ddiPhone: '+55',
    phone: person.phone,
    stateIbge: 35,
    cityIbge: 3550308,
    passwordHash: 'not-a-password',
    emailVerifiedAt: new Date(),
    phoneVerifiedAt: new Date(),
  };
}

export function brazilianAdult(overrides: Partial<TRegisterRequest> = {}): TRegisterRequest {
  return {
    nationality: 0,
    name: 'Ana Maria Silva',
    email: `ana.${uniqueCpf()}@exemplo.com.br`,
    password: PASSWORD,
    ddiPhone: '+55',
    phone: '11987654321',
    cpf: uniqueCpf(),
    birthDate: '20/05/1990',
    responsibleCPF: null,
    gender: 2,
    stateID: 35,
    cityID: 3550308,
    acceptTerms: true,
    ...overrides,
  };
}

export function foreignAdult(overrides: Partial<TRegisterRequest> = {}): TRegisterRequest {
  return brazilianAdult({
    nationality: 1,
    name: 'John Smith',
    email: `john.${uniqueCpf()}@example.com`,
    ddiPhone: '+1',
    phone: '2025550123',
    cpf: `P${uniqueCpf().slice(0, 8)}`,
    birthDate: '1990-05-20',
    stateID: null,
    cityID: null,
    ...overrides,
  });
}

/** The session cookie pair (name=value) of a response, for the next request's Cookie header. */
export function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => /^(__Host-)?sid=/.test(c));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

/** The env bindings @hono/node-server gives a request whose socket comes from `ip`. */
export function fromIp(ip: string, forwardedFor?: string) {
  return {
    incoming: {
      socket: { remoteAddress: ip },
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    } as unknown as IncomingMessage,
  };
}

export type TRegistered = { cookie: string; token: string; userId: string; input: TRegisterRequest };

/** Registers through the API (captcha off) and returns the session. */
export async function register(
  t: TTestApp,
  input: TRegisterRequest = brazilianAdult(),
): Promise<TRegistered> {
  // Each test person registers from an address of their own, as people do, so the per-IP limit
  // on registrations does not throttle a test file that registers many.
  const response = await t.app.request(
    'http://localhost/api/registerclient',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) },
    fromIp(`198.18.${serial % 250}.${Math.floor(Math.random() * 250) + 1}`),
  );
  if (response.status !== 201)
    throw new Error(`register answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { token: string; user: { id: string } };
  return { cookie: sessionCookie(response), token: body.token, userId: body.user.id, input };
}

/**
 * The newest message enqueued on a channel, as the local transport received it, once the outbox has
 * delivered what is due. Newest by when it was enqueued, not delivered: the outbox sends the messages
 * it claims together in parallel, so two due at once reach the mailbox in either order.
 */
async function latestDelivered(t: TTestApp, channel: 'mail' | 'sms') {
  await t.app.outbox.drain();
  const [newest] = await t.database.db
    .select({ to: outboxMessages.recipient, subject: outboxMessages.subject, text: outboxMessages.text })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, channel), eq(outboxMessages.status, 'sent')))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return newest;
}

/** The newest message of the local mailbox (the last one enqueued), once the outbox has delivered what is due. */
export async function latestMail(t: TTestApp) {
  const newest = await latestDelivered(t, 'mail');
  const [mail] = newest
    ? await t.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, newest.to ?? ''), eq(mailOutbox.subject, newest.subject ?? '')))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(1)
    : [];
  if (!mail) throw new Error('the outbox is empty');
  return mail;
}

export async function latestSmsCode(t: TTestApp): Promise<string> {
  const newest = await latestDelivered(t, 'sms');
  const code = newest?.text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('no SMS code in the outbox');
  return code;
}

/** JSON headers with the given session cookie. */
export const withCookie = (cookie: string, extra: Record<string, string> = {}) => ({
  headers: { cookie, 'content-type': 'application/json', ...extra },
});
