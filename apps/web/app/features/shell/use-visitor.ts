import type { TShellUser } from '@ingressos/contracts/visitor';
import { SIGNED_IN_HINT_COOKIE } from '@ingressos/contracts/visitor-hint';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { api } from '~/shared/api-client.ts';

/** What `api('visitor')` said, and for which root data (a later root answer carries its own user). */
export type TVisitorSeen = { of: unknown; user: TShellUser | null };

const hasHint = () => new RegExp(`(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE}=1(?:;|$)`).test(document.cookie);

/**
 * Issue 18: a shared page's HTML is the same for everybody, rendered without a session. When the
 * root's data has no user but this browser holds a session (the readable hint beside the HttpOnly
 * cookie), the frame asks `api('visitor')` once and shows its answer. The root's data stays the one
 * source otherwise: a navigation that reloads it with the session carries the user itself.
 * The hint also hid 'Entrar' until now (`data-signed-in`, set before the first paint by
 * defer-hydration.server.ts): it is lifted once the answer is in, or at once without a hint.
 */
export function useVisitor(root: { user: TShellUser | null }, onVisitor: (seen: TVisitorSeen) => void) {
  const navigate = useNavigate();
  useEffect(() => {
    const settled = () => {
      delete document.documentElement.dataset.signedIn;
    };
    if (root.user || !hasHint()) {
      settled();
      return;
    }
    let live = true;
    void api('visitor').then((answer) => {
      if (!live) return;
      settled();
      if (answer.ok) onVisitor({ of: root, user: answer.body.user });
      else if (answer.status === 401) {
        // Spec §4: a session that could not be renewed logs the visitor out and sends them to /login.
        const { pathname, search } = window.location;
        navigate(`/login?redirect=${encodeURIComponent(pathname + search)}`);
      }
    });
    return () => {
      live = false;
    };
  }, [root, onVisitor, navigate]);
}
