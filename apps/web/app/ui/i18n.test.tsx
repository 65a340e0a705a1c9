import { Suspense } from 'react';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { translatorFor } from '~/i18n/format.ts';
import { catalogFor } from '~/i18n/index.ts';
import type { TCatalog } from '~/i18n/pt-BR.ts';
import { I18nProvider, keepMessages, loadMessages, useI18n } from './i18n.tsx';

function Greeting() {
  const { t, locale } = useI18n();
  return <p lang={locale}>{t('header.greeting', { name: 'Ana' })}</p>;
}

async function render(locale: 'pt-BR' | 'en', href: string) {
  const { prelude } = await prerender(
    <Suspense fallback="loading">
      <I18nProvider locale={locale} href={href}>
        <Greeting />
      </I18nProvider>
    </Suspense>,
  );
  return new Response(prelude).text();
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the UI strings in the browser (issue 18)', () => {
  it('fetches a language the page did not start with once, then renders in it', async () => {
    const fetch = vi.fn(async () => Response.json(catalogFor('en')));
    vi.stubGlobal('fetch', fetch);
    expect(await render('en', '/assets/messages-en-test1.json')).toContain('<p lang="en">Hello, Ana</p>');
    expect(await render('en', '/assets/messages-en-test1.json')).toContain('Hello, Ana');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/assets/messages-en-test1.json');
  });

  it('renders a catalogue the server keeps without fetching', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    keepMessages('pt-BR', '/assets/messages-pt-BR-test2.json', catalogFor('pt-BR'));
    expect(await render('pt-BR', '/assets/messages-pt-BR-test2.json')).toContain('Olá, Ana');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('tries again after a failed fetch and resolves with the file (entry.client.tsx then hydrates)', async () => {
    vi.useFakeTimers();
    const fetch = vi
      .fn<() => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(Response.json({}, { status: 503 }))
      .mockResolvedValue(Response.json(catalogFor('en')));
    vi.stubGlobal('fetch', fetch);
    const loading = loadMessages('en', '/assets/messages-en-blip.json');
    await vi.advanceTimersByTimeAsync(299);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1 + 600);
    const { t } = await loading;
    expect(t('header.greeting', { name: 'Ana' })).toBe('Hello, Ana');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('rejects after the third failure, fetching no more (the page stays as the server sent it)', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetch);
    const loading = loadMessages('en', '/assets/messages-en-down.json');
    const settled = expect(loading).rejects.toThrow('/assets/messages-en-down.json');
    await vi.advanceTimersByTimeAsync(10_000);
    await settled;
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('refuses an answer that is not the file', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', async () => Response.json({ Message: 'not found' }, { status: 404 }));
    const loading = loadMessages('en', '/assets/messages-en-gone.json');
    const settled = expect(loading).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(1_000);
    await settled;
  });

  it('shows nothing, never "undefined", for a key the file lacks', () => {
    const t = translatorFor({} as TCatalog);
    expect(t('header.greeting', { name: 'Ana' })).toBe('');
    expect(t('app.close')).toBe('');
  });
});
