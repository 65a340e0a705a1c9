/**
 * The origins Malga's hosted fields use (@malga/tokenization 2.3.0, src/constants/url.ts): each
 * card field is an iframe served by hosted-fields(-sandbox).malga.io, and that iframe, not our
 * page, calls Malga's tokens API. Our page only frames them and exchanges postMessages with them,
 * so no script, connect or img origin of Malga's is needed on our page.
 */
export const MALGA_HOSTED_FIELDS = {
  production: 'https://hosted-fields.malga.io',
  sandbox: 'https://hosted-fields-sandbox.malga.io',
} as const;

export function malgaOrigins(sandbox: boolean) {
  return {
    script: [],
    frame: [sandbox ? MALGA_HOSTED_FIELDS.sandbox : MALGA_HOSTED_FIELDS.production],
    connect: [],
    img: [],
  } as const;
}
