import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
                },
                // The endpoint table and the one API client travel together: one chunk, one name
                // in each lazy import's preload list (the event page's script budget counts them).
                { name: 'api', test: /(contracts[\\/]src[\\/]endpoints|app[\\/]shared[\\/]api-client)\.ts$/ },
              ],
            },
          },
        },
  },
}));
