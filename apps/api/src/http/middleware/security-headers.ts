import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { WIDGET_ORIGINS } from '../../adapters/captcha/siteverify.ts';
import type { TPaymentGateway } from '../../adapters/payments/index.ts';
import type { TConfig } from '../../config.ts';
import { widgetOrigins } from '../../modules/site-flags/flags-answer.ts';
import type { TSiteFlagsStore } from '../../modules/site-flags/site-flags.ts';
import type { TAppEnv } from '../env.ts';
import { pooledNonce } from '../nonce.ts';

export type TSecurityHeadersOptions = {
  config: TConfig;
  /** The API's other hosts the pages call (commerce's base URLs), when configured. */
  apiOrigins: readonly string[];
  /** Every configured gateway: their browser SDKs' origins, as their adapters declare them. */
  gateways: readonly TPaymentGateway[];
  /** The remote switches: the chat and customer-relations widgets' origins while they are on. */
  flags: TSiteFlagsStore;
  /** Answers that are data (the API): a fixed CSP and no nonce. */
  isApiPath(path: string): boolean;
  /** Pages under an API prefix that a person reads (the API reference): the pages' policy. */
  pagePaths: readonly string[];
  /** The mobile app's payment page: framed by our own origin (its parent.postMessage fallback). */
  appViewPath: string;
};

/**
 * The security headers of every answer (HSTS, referrer policy, CSP...). Pages get a CSP whose
 * scripts need this response's nonce; API answers are data and never run anything, so they get a
 * fixed CSP and skip generating a nonce on every call.
 */
export function securityHeaders(options: TSecurityHeadersOptions): MiddlewareHandler<TAppEnv> {
  const { config } = options;
  // A real captcha provider's widget is the one third-party script the pages may load.
  const provider = config.CAPTCHA_PROVIDER;
  const captchaOrigins: string[] =
    provider in WIDGET_ORIGINS ? [...WIDGET_ORIGINS[provider as keyof typeof WIDGET_ORIGINS]] : [];
  // The configured gateways' browser SDKs (their secure fields, iframes), as their adapters declare
  // them; none when only the sandbox is configured.
  const origins = (kind: 'script' | 'frame' | 'connect' | 'img') => [
    ...new Set(options.gateways.flatMap((gateway) => gateway.browser.csp[kind])),
  ];
  const gatewayScripts = origins('script');
  const gatewayFrames = origins('frame');
  const gatewayConnect = origins('connect');
  const gatewayImages = origins('img');
  const frames = [...captchaOrigins, ...gatewayFrames];
  const common = {
    strictTransportSecurity: config.secureCookies ? 'max-age=31536000; includeSubDomains' : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
  } as const;
  // The widgets' origins (chat, customer-relations form) are allowed only while their switch is on.
  // The console's gate (issue 35) reads QR codes with ZXing compiled to WebAssembly (served from
  // 'self'): compiling it needs 'wasm-unsafe-eval' (no string eval), on the gate's page only.
  const pageHeadersFor = (frameAncestors: string[], widgets: string[] = [], wasm = false) =>
    secureHeaders({
      ...common,
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          pooledNonce,
          ...(wasm ? ["'wasm-unsafe-eval'"] : []),
          ...captchaOrigins,
          ...gatewayScripts,
          ...widgets,
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...gatewayImages],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...options.apiOrigins, ...captchaOrigins, ...gatewayConnect, ...widgets],
        frameSrc: frames.length || widgets.length ? [...frames, ...widgets] : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors,
      },
    });
  const pageHeadersByWidgets = new Map<string, ReturnType<typeof pageHeadersFor>>();
  const pageHeaders: MiddlewareHandler<TAppEnv> = async (c, next) => {
    const widgets = widgetOrigins(config, await options.flags.current());
    c.set('widgetOrigins', widgets);
    const wasm = c.req.path === '/console/portaria' || c.req.path.startsWith('/console/portaria/');
    const key = `${widgets.join(' ')}${wasm ? ' wasm' : ''}`;
    let headers = pageHeadersByWidgets.get(key);
    if (!headers) {
      headers = pageHeadersFor(["'none'"], widgets, wasm);
      pageHeadersByWidgets.set(key, headers);
    }
    return headers(c, next);
  };
  const appViewHeaders = pageHeadersFor(["'self'"]);
  const apiHeaders = secureHeaders({
    ...common,
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  });
  return (c, next) =>
    options.isApiPath(c.req.path) && !options.pagePaths.includes(c.req.path)
      ? apiHeaders(c, next)
      : c.req.path === options.appViewPath
        ? appViewHeaders(c, next)
        : pageHeaders(c, next);
}
