import { lazy, Suspense } from 'react';
import type { TAuthScreenData } from './api.server.ts';

const AuthScreen = lazy(() => import('./auth-screen.tsx').then((module) => ({ default: module.AuthScreen })));

/**
 * The login and register screen for pages that show it only to anonymous visitors: its code
 * (forms, phone metadata, schemas) is fetched only when it is shown.
 */
export function LazyAuthScreen(props: { data: TAuthScreenData; redirectTo: string }) {
  return (
    <Suspense fallback={null}>
      <AuthScreen {...props} />
    </Suspense>
  );
}
