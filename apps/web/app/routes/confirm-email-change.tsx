import { Form, Link, useActionData, useNavigation } from 'react-router';
import { accountCall, invalidBody } from '~/features/accounts/actions.server.ts';
import { readForm } from '~/features/accounts/form-body.server.ts';
import { requestServices } from '~/server-context.ts';
import forms from '~/ui/forms.module.css';
import { pageTranslator, useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import { PageFrame } from '~/ui/page-frame.tsx';
import type { Route } from './+types/confirm-email-change.ts';

/**
 * /confirmar-email?id=&code=: the link sent to the new address. Opening it changes nothing (mail
 * scanners open links too); the person confirms with the button, which works without scripts.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { locale, site } = context.get(requestServices);
  const params = new URL(request.url).searchParams;
  return { locale, brand: site.brandName, id: params.get('id') ?? '', code: params.get('code') ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) return invalidBody(context);
  return accountCall(context, 'confirmEmailChange', { id: form.get('id'), code: form.get('code') });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [
    { title: pageTitle(pageTranslator(matches)('privacy.confirm.title'), loaderData.brand) },
    { name: 'robots', content: 'noindex' },
    { name: 'referrer', content: 'no-referrer' },
  ];
}

export default function ConfirmEmailChange({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const { id, code } = loaderData;
  return (
    <div style={{ maxWidth: 560, margin: '0 auto' }}>
      <PageFrame title={t('privacy.confirm.title')}>
        {!id || !code ? (
          <p className={forms.error}>{t('privacy.confirm.missing')}</p>
        ) : result?.ok ? null : (
          <Form method="post" className={forms.form}>
            <p>{t('privacy.confirm.text')}</p>
            <input type="hidden" name="id" value={id} />
            <input type="hidden" name="code" value={code} />
            <button type="submit" className={forms.primary} disabled={busy}>
              {t('privacy.confirm.button')}
            </button>
          </Form>
        )}
        <div role="status" aria-live="polite">
          {result && <p className={result.ok ? undefined : forms.error}>{result.message}</p>}
          {result?.ok && (
            <p>
              <Link to="/login" className={forms.primary}>
                {t('privacy.confirm.login')}
              </Link>
            </p>
          )}
        </div>
      </PageFrame>
    </div>
  );
}
