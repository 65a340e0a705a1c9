/** Every static page of the route table, by path, with the markdown file that holds it. */
export const STATIC_PAGES = {
  '/termos-de-consentimento-para-produtores': 'termos-de-consentimento-para-produtores',
  '/politicas-de-privacidade': 'politicas-de-privacidade',
  '/Home/Privacy': 'politicas-de-privacidade',
  '/termos-de-uso': 'termos-de-uso',
  '/Home/TermsOfUse': 'termos-de-uso',
  '/termos-de-transferencia': 'termos-de-transferencia',
  '/Home/TermsOfTransfer': 'termos-de-transferencia',
  '/direitos-dos-titulares': 'direitos-dos-titulares',
  '/ingresso-reembolsavel': 'ingresso-reembolsavel',
  '/acessibilidade-pcd': 'acessibilidade-pcd',
  '/meia-entrada': 'meia-entrada',
  '/compliance': 'compliance',
  '/institucional': 'institucional',
  '/documentos-legais': 'documentos-legais',
  '/termodecessao': 'termodecessao',
  '/whatsapp': 'whatsapp',
  '/whatsapp-mobile': 'whatsapp',
  '/manual-da-marca': 'manual-da-marca',
} as const;

export type TStaticPath = keyof typeof STATIC_PAGES;
export type TStaticSlug = (typeof STATIC_PAGES)[TStaticPath];

/** The address search engines should index when two paths show one page. */
export function canonicalPath(slug: TStaticSlug): string {
  return `/${slug}`;
}
