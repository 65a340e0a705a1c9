import { createHash } from 'node:crypto';
import { LOCALES, type TLocale } from '@ingressos/domain';
import { catalogFor } from './index.ts';

/**
 * Issue 18: the browser gets its UI strings from one static file per language, not inside every
 * page's data. The build writes the files (vite.config.ts) and the server names them in each page
 * (load-shell.server.ts) through this one function, so both agree on the content hash.
 */
export type TMessagesFile = { fileName: string; source: string };

const files = new Map<TLocale, TMessagesFile>();

export function messagesFile(locale: TLocale): TMessagesFile {
  let file = files.get(locale);
  if (!file) {
    const source = JSON.stringify(catalogFor(locale));
    const hash = createHash('sha256').update(source).digest('base64url').slice(0, 10);
    file = { fileName: `assets/messages-${locale}-${hash}.json`, source };
    files.set(locale, file);
  }
  return file;
}

/** Every language's file, for the build. */
export const messagesFiles = (): TMessagesFile[] => LOCALES.map(messagesFile);

/** The URL a page preloads and the browser fetches before hydrating. */
export const messagesHref = (locale: TLocale): string => `/${messagesFile(locale).fileName}`;
