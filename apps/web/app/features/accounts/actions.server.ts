import { CAPTCHA_HEADER, type TLoginResponse } from '@ingressos/contracts/accounts';
import { apiPath } from '@ingressos/contracts/endpoints';
import { data, type RouterContextProvider } from 'react-router';
import { createTranslator } from '~/i18n/index.ts';
import { requestServices } from '~/server-context.ts';
import type { TActionResult } from './action-result.ts';
import { cookiesOf, postJson, type TApiAnswer } from './api.server.ts';
import { headerValue, readForm, readJsonObject } from './form-body.server.ts';

type TContext = Readonly<RouterContextProvider>;

/** The server's Message, or the spec's 'Não foi possível concluir requisição'. */
function failure(context: TContext, answer: TApiAnswer<unknown>) {
  const t = createTranslator(context.get(requestServices).locale);
  const message = !answer.ok && answer.error ? answer.error.Message : t('auth.requestFailed');
  return data<TActionResult>({ ok: false, message }, { headers: cookiesOf(answer.headers) });
}

/** A body our own form never sends (not a form, not one JSON object): the form's error, as a 400. */
export function invalidBody(context: TContext) {
  const t = createTranslator(context.get(requestServices).locale);
  return data<TActionResult>({ ok: false, message: t('auth.requestFailed') }, { status: 400 });
}

/** Login: the API sets the session cookie, which this answer passes on; the token stays on the server. */
export async function loginAction(request: Request, context: TContext) {
  const form = await readForm(request);
  if (!form) return invalidBody(context);
  const answer = await postJson<TLoginResponse>(
    context,
    apiPath('login'),
    { email: form.get('email'), password: form.get('password') },
    { [CAPTCHA_HEADER]: headerValue(form.get('captcha')) },
  );
  if (!answer.ok) return failure(context, answer);
  return data<TActionResult>({ ok: true }, { headers: cookiesOf(answer.headers) });
}

/** Register: the form posts JSON (numbers stay numbers); the captcha goes in the header. */
export async function registerAction(request: Request, context: TContext) {
  const body = await readJsonObject(request);
  if (!body) return invalidBody(context);
  const { captcha, confirmPassword: _confirm, ...payload } = body;
  const answer = await postJson<{ Message: string }>(context, apiPath('register'), payload, {
    [CAPTCHA_HEADER]: headerValue(captcha),
  });
  if (!answer.ok) return failure(context, answer);
  return data<TActionResult>(
    { ok: true, message: answer.body.Message },
    { headers: cookiesOf(answer.headers) },
  );
}

/** A JSON call to the API on behalf of the logged-in visitor, answered as an action result. */
export async function accountCall(context: TContext, path: string, body: unknown) {
  const answer = await postJson<{ Message?: string }>(context, path, body);
  if (!answer.ok) return failure(context, answer);
  return data<TActionResult>(
    { ok: true, message: answer.body.Message },
    { headers: cookiesOf(answer.headers) },
  );
}
