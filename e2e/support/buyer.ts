import { CAPTCHA_HEADER } from '@ingressos/contracts/accounts';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { brazilianAdult } from '../../apps/api/src/testing/accounts.ts';
import { linkIn, type TTestSmtpServer } from '../../apps/api/src/testing/smtp-server.ts';
import { waitForHydration } from './browser.ts';

/**
 * A person registered in `page`'s browser context, e-mail confirmed by its link, phone verified
 * through the API (the accounts journey covers its pop-up), so no account pop-up covers the page.
 */
export async function verifiedPerson(page: Page, serverUrl: string, smtp: TTestSmtpServer) {
  await page.goto(serverUrl);
  await waitForHydration(page);
  const person = brazilianAdult();
  let registered = await page.request.post(`${serverUrl}/api/registerclient`, { data: person });
  if (registered.status() === 400) {
    // A server with the local captcha (the waiting room's join journey): tick it, as a person would.
    const answer = await page.request.post(`${serverUrl}/api/captcha/local`, { data: {} });
    const { token } = (await answer.json()) as { token: string };
    registered = await page.request.post(`${serverUrl}/api/registerclient`, {
      data: person,
      headers: { [CAPTCHA_HEADER]: token },
    });
  }
  expect(registered.status()).toBe(201);
  await page.goto(linkIn(await smtp.waitFor(person.email), '/api/v2/confirm-email'));
  await waitForHydration(page);
  const newest = async () => {
    const list = (await (await fetch(`${serverUrl}/_dev/sms.json`)).json()) as { body: string }[];
    return JSON.stringify(list[0] ?? null);
  };
  const before = await newest();
  const sent = await page.request.post(`${serverUrl}/api/v3/send-sms-code`, { data: {} });
  if (!sent.ok()) throw new Error(`send-sms-code: ${sent.status()} ${await sent.text()}`);
  // The outbox sends it after the request (a busy machine took longer than the next read): wait for
  // a newer message than the last one before, this person's code (the list is newest first).
  // A plain loop, not expect.poll: `npm run screens` calls this outside Vitest.
  let latest = before;
  for (const until = Date.now() + 30_000; latest === before && Date.now() < until; ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    latest = await newest();
  }
  if (latest === before) throw new Error(`no new SMS for ${person.email} within 30 s`);
  const sms = [JSON.parse(latest) as { body: string }];
  const code = sms[0]!.body.match(/\b\d{6}\b/)![0];
  const matched = await page.request.post(`${serverUrl}/api/v2/match-code`, { data: { code } });
  expect(matched.status()).toBe(200);
  return person;
}

/** On /pagamento: waits for the card form and fills it with the sandbox's approved Visa (not paying yet). */
export async function fillSandboxCard(page: Page) {
  await page.getByLabel('Número do cartão').waitFor({ timeout: 15_000 });
  await page.getByLabel('Número do cartão').fill('4111 1111 1111 1111');
  await page.getByLabel('Nome impresso no cartão').fill('ANA M SILVA');
  await page.getByLabel('Validade (MM/AA)').fill('12/39');
  await page.getByLabel('Código de segurança (CVV)').fill('123');
}
