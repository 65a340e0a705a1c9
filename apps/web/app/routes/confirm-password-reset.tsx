import { accountCall, invalidBody } from '~/features/accounts/actions.server.ts';
import { readJsonObject } from '~/features/accounts/form-body.server.ts';
import { ResetPasswordForm } from '~/features/accounts/reset-password-form.tsx';
import { requestServices } from '~/server-context.ts';
import { pageTranslator, useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import { PageFrame } from '~/ui/page-frame.tsx';
import type { Route } from './+types/confirm-password-reset.ts';

export function loader({ request, context }: Route.LoaderArgs) {
  const { locale, site } = context.get(requestServices);
  const params = new URL(request.url).searchParams;
  return { locale, brand: site.brandName, id: params.get('id') ?? '', code: params.get('code') ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonObject(request);
  if (!body) return invalidBody(context);
  return accountCall(context, 'resetPassword', {
    id: body.id,
    code: body.code,
    password: body.password,
  });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [
    { title: pageTitle(pageTranslator(matches)('page.confirmPasswordReset'), loaderData.brand) },
    { name: 'robots', content: 'noindex' },
    { name: 'referrer', content: 'no-referrer' },
  ];
}

export default function ConfirmPasswordReset({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div style={{ maxWidth: 560, margin: '0 auto' }}>
      <PageFrame title={t('page.confirmPasswordReset')}>
        <ResetPasswordForm id={loaderData.id} code={loaderData.code} />
      </PageFrame>
    </div>
  );
}
