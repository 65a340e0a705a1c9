/**
 * `npm start`: builds the web app when its build is missing or stale, then runs the one
 * server process in production mode (React's production build is several times faster).
 */
import { buildWeb, webBuildIsStale } from './build-web.ts';

if (webBuildIsStale()) {
  console.log('Building the web app...');
  buildWeb();
}
process.env.NODE_ENV = 'production';
await import('../apps/api/src/main.ts');
