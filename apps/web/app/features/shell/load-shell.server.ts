import type { TSiteConfig } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import type { RouterContextProvider } from 'react-router';
import { catalogFor, createTranslator, type TCatalog } from '~/i18n/index.ts';
import { requestServices } from '~/server-context.ts';
import { TOAST_MS, type TToast } from '~/ui/toast-store.ts';

export type TShellUser = { id: string; firstName: string };

export type TShellData = {
  locale: TLocale;
  /** The active language's UI strings: the only catalogue the browser receives. */
  messages: TCatalog;
  nonce: string;
  site: TSiteConfig;
  user: TShellUser | null;
  toasts: TToast[];
  year: number;
};

/** What every page's frame needs: language, deployment facts, who is logged in, flash toasts. */
export async function loadShell(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<TShellData> {
  const { locale, nonce, site } = context.get(requestServices);
  const t = createTranslator(locale);
  const validation = new URL(request.url).searchParams.get('validationEmail');
  const toasts: TToast[] = [];
  if (validation === 'true') {
    toasts.push({
      id: 'validationEmail',
      kind: 'success',
      message: t('app.validationEmail.success'),
      durationMs: TOAST_MS.success,
    });
  } else if (validation === 'false') {
    toasts.push({
      id: 'validationEmail',
      kind: 'error',
      message: t('app.validationEmail.failure'),
      durationMs: TOAST_MS.error,
    });
  }
  return {
    locale,
    messages: catalogFor(locale),
    nonce,
    site,
    user: null,
    toasts,
    year: new Date().getFullYear(),
  };
}
