/** What the login, register and account actions answer the form that posted. */
export type TActionResult = { ok: true; message?: string } | { ok: false; message: string };
