import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import { createLocalOutboxSms } from './local-outbox.ts';
import type { TSmsSender } from './sms.ts';
import { createTwilioSms } from './twilio.ts';

export type { TSmsSender } from './sms.ts';

export function createSmsSender(config: TConfig, db: TDb): TSmsSender {
  if (config.SMS_PROVIDER === 'twilio') {
    return createTwilioSms({
      accountSid: config.TWILIO_ACCOUNT_SID ?? '',
      authToken: config.TWILIO_AUTH_TOKEN ?? '',
      from: config.TWILIO_FROM ?? '',
    });
  }
  return createLocalOutboxSms(db);
}
