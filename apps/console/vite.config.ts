import { defineConfig } from 'vite';

/**
 * Issue 33: the operator's console, its own bundle (the storefront's script budget never sees it),
 * served by the API process under /console (apps/api/src/http/console-static.ts). Built by
 * scripts/build-console.ts, which `npm start`, `npm test` and `npm run build` call when stale.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/console/',
  build: {
    outDir: 'build',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // zod probes `Function('')` to decide whether it may compile validators; under the page's
        // CSP (no 'unsafe-eval') that probe is a reported violation. Its 'jitless' setting skips it.
        banner: (chunk) =>
          chunk.moduleIds.some((id) => /zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id))
            ? 'globalThis.__zod_globalConfig={...globalThis.__zod_globalConfig,jitless:true};'
            : '',
      },
    },
  },
});
