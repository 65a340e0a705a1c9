import type { TLocale } from '@ingressos/domain';
import { EN } from './en.ts';
import { PT_BR } from './pt-BR.ts';

/** The API's message catalogue: one per language, the same keys in each (grouped by domain). */
export type TApiMessages = {
  readonly [D in keyof typeof PT_BR]: { readonly [K in keyof (typeof PT_BR)[D]]: string };
};
export type TApiMessageDomain = keyof TApiMessages;

export const API_MESSAGES: Record<TLocale, TApiMessages> = { 'pt-BR': PT_BR, en: EN };
