import { access } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createRequestHandler,
  type RouterContext,
  RouterContextProvider,
  type ServerBuild,
} from 'react-router';
import type { TRequestServices } from '../../../web/app/server-context.ts';

export type { TRequestServices };
export type TWebHandler = (request: Request, services: TRequestServices) => Promise<Response>;

export class WebBuildMissingError extends Error {
  override name = 'WebBuildMissingError';
}

/** Loads the React Router server build and wraps it so each request gets its services. */
export async function loadWebHandler(buildDir: string): Promise<TWebHandler> {
  const entry = path.join(buildDir, 'server', 'index.js');
  try {
    await access(entry);
  } catch {
    throw new WebBuildMissingError(`The web build is missing (${entry}); run "npm run build".`);
  }
  const build = (await import(pathToFileURL(entry).href)) as ServerBuild;
  const handle = createRequestHandler(build, 'production');
  // The context key lives in the build (entry.server re-exports it): the same object loaders read.
  const key = (build.entry.module as unknown as { requestServices: RouterContext<TRequestServices> })
    .requestServices;
  return (request, services) => {
    const context = new RouterContextProvider();
    context.set(key, services);
    return handle(request, context);
  };
}
