import type { TCaptchaConfig } from '@ingressos/contracts/accounts';
import { useEffect, useState } from 'react';
import { api } from '~/shared/api-client.ts';
import { CaptchaField } from '~/ui/captcha-field.tsx';
import { Dialog } from '~/ui/dialog.tsx';
import { useI18n } from '~/ui/i18n.tsx';

/**
 * Issue 19: past its anonymous-hold threshold the API asks a visitor for the site's captcha
 * before holding more. The answer goes back to the add waiting for it (cart-actions.ts), which
 * sends it again with the answer; closing gives up that add.
 */
export default function HoldCaptcha({ answer }: { answer: (token: string | null) => void }) {
  const { t } = useI18n();
  const [config, setConfig] = useState<TCaptchaConfig | null>(null);
  useEffect(() => {
    let live = true;
    api('captchaConfig').then((result) => {
      if (!live) return;
      // Without the configuration there is nothing to show: the add is given up, with its message.
      if (result.ok) setConfig(result.body);
      else answer(null);
    });
    return () => {
      live = false;
    };
  }, [answer]);
  return (
    <Dialog open={config !== null} title={t('cart.captchaTitle')} onClose={() => answer(null)} dismissible>
      <p>{t('cart.captchaText')}</p>
      {config && (
        <CaptchaField config={config} resetSignal={0} onChange={(token) => token && answer(token)} />
      )}
    </Dialog>
  );
}
