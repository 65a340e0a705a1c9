import { type ComponentType, lazy, Suspense } from 'react';
import type { TAuthScreenData } from './api.server.ts';

type TAuthScreenProps = { data: TAuthScreenData; redirectTo: string };
type TLoaded = { default: ComponentType<TAuthScreenProps> };

let loaded: TLoaded | null = null;
const load = () =>
  import('./auth-screen.tsx').then((module) => {
    loaded = { default: module.AuthScreen };
    return loaded;
  });

// On the server the screen is loaded with this module, and handed to React.lazy as an already
// settled thenable: a lazy component that suspends while the page streams is sent hidden, to be
// revealed by a script, so without JavaScript a protected page showed no login (issue 13).
if (typeof document === 'undefined') void load();

const AuthScreen = lazy<ComponentType<TAuthScreenProps>>(() =>
  loaded
    ? // biome-ignore lint/suspicious/noThenProperty: a settled thenable is what lets React.lazy render at once.
      ({ then: (resolve: (module: TLoaded) => void) => resolve(loaded as TLoaded) } as never)
    : load(),
);

/**
 * The login and register screen for pages that show it only to anonymous visitors: its code
 * (forms, phone metadata, schemas) is fetched only when it is shown.
 */
export function LazyAuthScreen(props: TAuthScreenProps) {
  return (
    <Suspense fallback={null}>
      <AuthScreen {...props} />
    </Suspense>
  );
}
