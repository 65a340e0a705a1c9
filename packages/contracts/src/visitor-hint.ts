// No zod here: the browser's shell imports this name.
/**
 * A cookie the browser may read (the session's is HttpOnly) that says "this browser holds a
 * session": shared pages ask `/api/visitor` only then, and the page cache shares a page with a
 * session holder only when it is there (apps/api/src/web/page-cache.ts). It is a hint, never proof.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';
