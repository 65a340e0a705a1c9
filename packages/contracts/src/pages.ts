import { z } from 'zod';

/** GET /api/pages/{slug}?lang=pt-BR|en: a static page rendered from its markdown. */
export const ZStaticPageResponse = z.object({
  slug: z.string(),
  locale: z.enum(['pt-BR', 'en']),
  title: z.string(),
  description: z.string(),
  html: z.string(),
});
export type TStaticPageResponse = z.infer<typeof ZStaticPageResponse>;
