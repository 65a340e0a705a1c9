/**
 * A pop-up closed by the visitor stays away for the rest of the tab's life (sessionStorage), like
 * the spec's dismissals. Storage may be refused (private modes): the pop-up then simply shows
 * again on the next page.
 */
export function wasDismissed(key: string): boolean {
  try {
    return sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function rememberDismissed(key: string): void {
  try {
    sessionStorage.setItem(key, '1');
  } catch {
    // Storage refused: nothing to remember, the pop-up shows again next time.
  }
}
