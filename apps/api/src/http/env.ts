import type { IncomingMessage } from 'node:http';
import type { TLocale } from '@ingressos/domain';
import type { TDisplayCurrency } from '@ingressos/domain/currency';
import type { TConfig } from '../config.ts';
import type { TDatabase } from '../db/client.ts';
import type { TLogger } from '../logger.ts';
import type { TSession, TUserRow } from '../modules/accounts/sessions.ts';
import type { TVisitorFacts } from '../modules/visitor/get-visitor.ts';

/** The logged-in account of a request, and how it proved itself. */
export type TAuth = {
  user: TUserRow;
  session: TSession;
  via: 'cookie' | 'bearer';
  /** Looked up with the session while rendering a page (findSessionWithFacts), for its frame. */
  facts?: TVisitorFacts;
};

/** What the process builds once at start and every route can use. */
export type TAppDeps = {
  config: TConfig;
  database: TDatabase;
  log: TLogger;
};

/** Hono's per-request variables. */
export type TAppEnv = {
  /** @hono/node-server passes the Node request; in-process page calls forward the same bindings. */
  Bindings: {
    incoming?: IncomingMessage;
    /**
     * Issue 18: the sessions already looked up while rendering one page (GET), by token. The page's
     * in-process calls (renewal, bell, ongoing purchase, its data) then read the session once.
     */
    sessions?: Map<string, Promise<Omit<TAuth, 'via'> | null>>;
  };
  Variables: {
    requestId: string;
    locale: TLocale;
    /** The currency switch's choice (the `currency` cookie; BRL without one). */
    currency: TDisplayCurrency;
    log: TLogger;
    secureHeadersNonce?: string;
    /** The widget origins this page's CSP allows (the remote switches when its headers were set). */
    widgetOrigins?: string[];
    /** The session a request carries (middleware/authenticate.ts). */
    auth?: TAuth;
    /** How a session token was presented, valid or not: a stale cookie is cleared on renewal. */
    sessionPresented?: 'cookie' | 'bearer' | null;
  };
};
