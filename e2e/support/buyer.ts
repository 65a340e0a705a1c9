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
  const registered = await page.request.post(`${serverUrl}/api/registerclient`, { data: person });
  expect(registered.status()).toBe(201);
  await page.goto(linkIn(await smtp.waitFor(person.email), '/api/v2/confirm-email'));
  await waitForHydration(page);
  await page.request.post(`${serverUrl}/api/v3/send-sms-code`, { data: {} });
  // Newest first: this person's code.
  const sms = (await (await fetch(`${serverUrl}/_dev/sms.json`)).json()) as { body: string }[];
  const code = sms[0]!.body.match(/\b\d{6}\b/)![0];
  const matched = await page.request.post(`${serverUrl}/api/v2/match-code`, { data: { code } });
  expect(matched.status()).toBe(200);
  return person;
}
