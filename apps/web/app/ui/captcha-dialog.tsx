import type { TCaptchaConfig } from '@ingressos/contracts/accounts';
import { useEffect, useState } from 'react';
import { api } from '~/shared/api-client.ts';
import { CaptchaField } from '~/ui/captcha-field.tsx';
import { Dialog } from '~/ui/dialog.tsx';

/**
 * The site's captcha asked for before an action the API throttles (a hold past its anonymous
 * threshold, a queue join past a few from one address). The answer goes back to the action
 * waiting for it; closing, or a configuration that cannot be loaded, gives it up (null).
 */
export function CaptchaDialog({
  answer,
  title,
  text,
}: {
  answer: (token: string | null) => void;
  title: string;
  text: string;
}) {
  const [config, setConfig] = useState<TCaptchaConfig | null>(null);
  useEffect(() => {
    let live = true;
    api('captchaConfig').then((result) => {
      if (!live) return;
      // Without the configuration there is nothing to show: the action is given up, with its message.
      if (result.ok) setConfig(result.body);
      else answer(null);
    });
    return () => {
      live = false;
    };
  }, [answer]);
  return (
    <Dialog open={config !== null} title={title} onClose={() => answer(null)} dismissible>
      <p>{text}</p>
      {config && (
        <CaptchaField config={config} resetSignal={0} onChange={(token) => token && answer(token)} />
      )}
    </Dialog>
  );
}
