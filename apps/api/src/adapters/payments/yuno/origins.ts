/**
 * The origins Yuno's Web SDK (https://sdk-web.y.uno/v1.10/main.js, docs.y.uno "Quickstart") uses,
 * for the page CSP while a Yuno event is paid: the SDK's own host (script, and the secure fields'
 * iframes it serves), and the API it tokenizes against from the browser (production and
 * sandbox: the SDK picks the environment by the public key). Yuno publishes no CSP list.
 */
export const YUNO_ORIGINS = {
  script: ['https://sdk-web.y.uno'],
  frame: ['https://sdk-web.y.uno'],
  connect: ['https://sdk-web.y.uno', 'https://api.y.uno', 'https://api-sandbox.y.uno'],
  img: ['https://icons.prod.y.uno'],
} as const;
