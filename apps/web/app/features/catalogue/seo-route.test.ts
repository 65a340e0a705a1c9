import { describe, expect, it } from 'vitest';
import { seoMeta } from './seo.ts';
import { metaFromSeo } from './seo-route.ts';

const seo = {
  title: 'Resultados | Bilheto',
  description: 'Ingressos',
  canonical: 'https://example.test/resultados',
  locale: 'pt-BR',
  siteName: 'Bilheto',
  noindex: true,
};

describe('metaFromSeo', () => {
  it("gives the loader's seo as meta tags", () => {
    expect(metaFromSeo({ loaderData: { seo } })).toEqual(seoMeta(seo));
  });

  it('gives none when the loader failed', () => {
    expect(metaFromSeo({ loaderData: undefined })).toEqual([]);
  });
});
