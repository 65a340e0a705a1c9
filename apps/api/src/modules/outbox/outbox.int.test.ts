import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../adapters/mail/smtp.ts';
import { createLocalOutboxSms } from '../../adapters/sms/local-outbox.ts';
import { outboxMessages } from '../../db/schema/index.ts';
import { brazilianAdult, register } from '../../testing/accounts.ts';
import { startTestSmtpServer, type TTestSmtpServer } from '../../testing/smtp-server.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';
import { messageIdOf } from './deliver-outbox.ts';
import { enqueueMessage } from './enqueue-message.ts';
import { createOutbox } from './outbox-worker.ts';

/** Runs the worker until `done` holds (retries are due a few milliseconds apart here). */
async function until(t: TTestApp, done: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 15_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await t.app.outbox.drain();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testDatabases())('the outbox on %s', (kind) => {
  let t: TTestApp;
  let smtp: TTestSmtpServer;
  beforeAll(async () => {
    // A mail server that is down for the first two tries at flaky.* and for good at down.*.
    smtp = await startTestSmtpServer({
      refuse: (address, attempt) =>
        address.startsWith('down.') || (address.startsWith('flaky.') && attempt <= 2),
    });
    t = await createTestApp(kind, {
      CAPTCHA_PROVIDER: 'off',
      SMTP_URL: smtp.url,
      OUTBOX_RETRY_BASE_MS: '10',
      OUTBOX_MAX_ATTEMPTS: '3',
    });
  });
  afterAll(async () => {
    await t.app.outbox.stop();
    await t.close();
    await smtp.close();
  });

  const rowsTo = (address: string) =>
    t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, address));

  it('delivers a message exactly once after the mail server refused its first two attempts', async () => {
    const { input } = await register(t, brazilianAdult({ email: `flaky.${Date.now()}@exemplo.com.br` }));
    await until(t, async () => (await rowsTo(input.email))[0]?.status === 'sent', 'the verification mail');
    const [row] = await rowsTo(input.email);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(smtp.attempts.get(input.email)).toBe(3);
    const delivered = smtp.received.filter((mail) => mail.to.includes(input.email));
    expect(delivered.map((mail) => mail.subject)).toEqual(['Confirme seu e-mail no Bilheto']);
    expect(delivered[0]!.messageId).toBe(messageIdOf(row!.id, 'bilheto.com.br'));
  });

  it('gives a message up after the last attempt, and the person who asked never saw an error', async () => {
    const { input } = await register(t, brazilianAdult({ email: `down.${Date.now()}@exemplo.com.br` }));
    const asked = await t.json('/api/v2/webiste/sendResetPasswordEmail', {
      identifier: input.cpf,
      identifierType: 1,
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ status: 'email_sent' });
    await until(
      t,
      async () => {
        const rows = await rowsTo(input.email);
        return rows.length === 2 && rows.every((row) => row.status === 'dead');
      },
      'both messages to be given up',
    );
    for (const row of await rowsTo(input.email)) {
      expect(row.attempts).toBe(3);
      expect(row.sentAt).toBeNull();
      // The server's answer is kept, without the address it refused.
      expect(row.lastError).toContain('451');
      expect(row.lastError).not.toContain(input.email);
    }
    expect(smtp.attempts.get(input.email)).toBe(6);
    expect(smtp.received.filter((mail) => mail.to.includes(input.email))).toEqual([]);
    // Given up means no more tries, however long the worker keeps polling.
    await t.app.outbox.drain();
    expect(smtp.attempts.get(input.email)).toBe(6);
  });

  it('lets two workers drain one outbox at once, each message delivered once', async () => {
    const worker = () =>
      createOutbox({
        db: t.database.db,
        config: t.config,
        log: t.log,
        mailer: createSmtpMailer(smtp.url, t.config.MAIL_FROM),
        sms: createLocalOutboxSms(t.database.db),
        render: async () => null,
      });
    const stamp = Date.now();
    const addresses = Array.from({ length: 40 }, (_, i) => `pair.${stamp}.${i}@exemplo.com.br`);
    for (const to of addresses)
      await enqueueMessage(t.database.db, {
        channel: 'mail',
        mail: { to, subject: 'Olá', html: '<p>Olá</p>', text: 'Olá' },
      });
    await Promise.all([worker().drain(), worker().drain(), worker().drain()]);
    for (const to of addresses) {
      expect(smtp.received.filter((mail) => mail.to === to)).toHaveLength(1);
      expect(await rowsTo(to)).toMatchObject([{ status: 'sent', attempts: 1 }]);
    }
  });
});
