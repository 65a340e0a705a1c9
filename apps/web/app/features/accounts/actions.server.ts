import { CAPTCHA_HEADER } from '@ingressos/contracts/accounts';
import { data, type RouterContextProvider } from 'react-router';
import { createTranslator } from '~/i18n/index.ts';
import { requestServices } from '~/server-context.ts';
import { cookiesOf, serverApi } from '~/shared/api.server.ts';
import type { TApiResult, TCallOptions } from '~/shared/api-client.ts';
import type { TActionResult } from './action-result.ts';
import { headerValue, readForm, readJsonObject } from './form-body.server.ts';

type TContext = Readonly<RouterContextProvider>;

/** The server's Message, or the spec's 'Não foi possível concluir requisição'. */
function failure(context: TContext, answer: TApiResult<unknown>) {
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
  const answer = await serverApi(context)('login', {
    // The form's fields as typed: the API's schema judges them (and answers the spec's messages).
    body: { email: form.get('email'), password: form.get('password') } as { email: string; password: string },
    headers: { [CAPTCHA_HEADER]: headerValue(form.get('captcha')) },
  });
  if (!answer.ok) return failure(context, answer);
  return data<TActionResult>({ ok: true }, { headers: cookiesOf(answer.headers) });
}

/** Register: the form posts JSON (numbers stay numbers); the captcha goes in the header. */
export async function registerAction(request: Request, context: TContext) {
  const body = await readJsonObject(request);
  if (!body) return invalidBody(context);
  const { captcha, confirmPassword: _confirm, ...payload } = body;
  const answer = await serverApi(context)('register', {
    body: payload as never,
    headers: { [CAPTCHA_HEADER]: headerValue(captcha) },
  });
  if (!answer.ok) return failure(context, answer);
  return data<TActionResult>(
    { ok: true, message: answer.body.Message },
    { headers: cookiesOf(answer.headers) },
  );
}

type TAccountCall =
  | 'unsubscribe'
  | 'sendVerificationEmail'
  | 'updateMyAccount'
  | 'resetPassword'
  | 'confirmEmailChange';

/**
 * A form's JSON sent to an account call on behalf of the logged-in visitor, answered as an action
 * result. The body is the form's, unchecked here: the API parses it with the call's schema.
 */
export async function accountCall<N extends TAccountCall>(context: TContext, name: N, body: unknown) {
  const answer = await serverApi(context)<TAccountCall>(name, { body } as TCallOptions<TAccountCall>);
  if (!answer.ok) return failure(context, answer);
  const message = 'Message' in answer.body ? answer.body.Message : undefined;
  return data<TActionResult>({ ok: true, message }, { headers: cookiesOf(answer.headers) });
}
