import { API_MESSAGES } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { AppError } from '../app-error.ts';

export type TQueueErrorCode = keyof (typeof API_MESSAGES)['pt-BR']['queue'];

/** A waiting-room refusal with its message in the visitor's language. */
export const queueError = (code: TQueueErrorCode, locale: TLocale) =>
  new AppError(code, API_MESSAGES[locale].queue[code]);
