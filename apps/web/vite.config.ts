import { createHash } from 'node:crypto';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { messagesFiles } from './app/i18n/messages-file.server.ts';

/** Issue 18: each language's UI strings as a static, hashed JSON file beside the other assets. */
function messagesAssets(): Plugin {
  return {
    name: 'bilheto-messages',
    generateBundle() {
      for (const { fileName, source } of messagesFiles()) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}

/**
 * CSS module class names `name_xyz`, the class's name and a 3-character hash of its module's path:
 * the default (`_name_hash_line`) is longer, and every page carries the names in its
 * HTML and each module's map of them in its scripts (the event page's script budget counts them).
 * The same on the server and client builds; two names that would collide stop the build.
 */
const scopedNames = new Map<string, string>();
function scopedName(name: string, file: string): string {
  const module = path.relative(import.meta.dirname, file.split('?')[0]!);
  const key = `${module}:${name}`;
  const scoped = `${name}_${createHash('sha256').update(module).digest('base64url').replace(/[-_]/g, '').slice(0, 3)}`;
  const owner = scopedNames.get(scoped);
  if (owner && owner !== key) throw new Error(`CSS module names ${owner} and ${key} both read ${scoped}`);
  scopedNames.set(scoped, key);
  return scoped;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), ...(isSsrBuild ? [] : [messagesAssets()])],
  resolve: { tsconfigPaths: true },
  css: { modules: { generateScopedName: scopedName } },
  build: {
    assetsInlineLimit: 0,
    // A lazy import preloads its chunk's imports; those every page has loaded before hydrating
    // (entry.client's own scripts: the framework, the bundler's runtime, the shared i18n chunk)
    // are left out of the lists each chunk carries (the event page's script budget).
    modulePreload: {
      resolveDependencies: (_file, deps) =>
        deps.filter((dep) => !/^assets\/(framework|rolldown-runtime|i18n)-/.test(dep)),
    },
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // zod probes `Function('')` to decide whether it may compile validators; under the
            // page's CSP (no 'unsafe-eval') that probe is a reported violation on every page that
            // loads zod. Its documented 'jitless' setting, set before its core runs, skips it.
            banner: (chunk) =>
              chunk.moduleIds.some((id) => /zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id))
                ? 'globalThis.__zod_globalConfig={...globalThis.__zod_globalConfig,jitless:true};'
                : '',
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
                },
                // The endpoint table and the one API client travel together: one chunk, one name
                // in each lazy import's preload list (the event page's script budget counts them).
                { name: 'api', test: /(contracts[\\/]src[\\/]endpoints|app[\\/]shared[\\/]api-client)\.ts$/ },
                // The small helpers every page uses (language, plurals, dates, titles, toasts, the
                // language and currency switches, prices in the visitor's currency) travel as
                // one chunk: each small chunk costs the event page its own gzip frame, import line and
                // manifest entry (scripts/bundle-budget.int.test.ts). The conversion note's, the footer's and
                // the toasts' styles too: the server draws them, and their scripts come after hydration.
                {
                  name: 'i18n',
                  test: /app[\\/](i18n[\\/](format|plural)|ui[\\/](i18n|meta|toast-store|icons|error-page|money)|features[\\/](catalogue[\\/]seo|cart[\\/]cart-store))\.tsx?$|features[\\/]shell[\\/]language-switch\.tsx$|(error-page|money|footer|toaster)\.module\.css|domain[\\/]src[\\/]currency\.ts$|vite[\\/]preload-helper/,
                },
                // The cookie choice travels with the tracking that reads it: the pages that track at
                // once (home, cart, order) fetch one chunk; the rest load both after hydration.
                {
                  name: 'tracking',
                  test: /app[\\/]shared[\\/](tracking|consent)\.ts$|domain[\\/]src[\\/]cookie-consent\.ts$/,
                },
              ],
            },
          },
        },
  },
}));
