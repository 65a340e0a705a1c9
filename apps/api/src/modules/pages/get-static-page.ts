import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TStaticPageResponse } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { marked } from 'marked';

export type TPageFacts = Record<string, string>;

const SLUG = /^[a-z0-9-]{1,80}$/;

/**
 * Reads `content/pages/{slug}.{locale}.md`, fills the `{{fact}}` placeholders from the
 * deployment's configuration and renders it. Files never change while the process runs,
 * so each page is rendered once per language.
 */
export function createStaticPages(contentDir: string, facts: TPageFacts) {
  const cache = new Map<string, Promise<TStaticPageResponse | null>>();

  async function render(slug: string, locale: TLocale): Promise<TStaticPageResponse | null> {
    let source: string;
    try {
      source = await readFile(path.join(contentDir, `${slug}.${locale}.md`), 'utf8');
    } catch {
      return null;
    }
    const { attributes, body } = splitFrontMatter(source);
    // The front matter too: the meta description carried a raw {{brandName}} (issue 31).
    const fill = (text: string) =>
      text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => facts[name] ?? whole);
    return {
      slug,
      locale,
      title: fill(attributes.title ?? slug),
      description: fill(attributes.description ?? ''),
      html: await marked.parse(fill(body), { gfm: true }),
    };
  }

  return {
    get(slug: string, locale: TLocale): Promise<TStaticPageResponse | null> {
      if (!SLUG.test(slug)) return Promise.resolve(null);
      const key = `${slug}.${locale}`;
      let page = cache.get(key);
      if (!page) {
        page = render(slug, locale);
        cache.set(key, page);
      }
      return page;
    },
  };
}

export type TStaticPages = ReturnType<typeof createStaticPages>;

function splitFrontMatter(source: string): { attributes: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { attributes: {}, body: source };
  const attributes: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      attributes[line.slice(0, colon).trim()] = line
        .slice(colon + 1)
        .trim()
        .replace(/^["']|["']$/g, '');
  }
  return { attributes, body: source.slice(match[0].length) };
}
