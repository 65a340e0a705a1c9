import { CaptchaDialog } from '~/ui/captcha-dialog.tsx';
import { useI18n } from '~/ui/i18n.tsx';

/**
 * Issue 19: past its anonymous-hold threshold the API asks a visitor for the site's captcha
 * before holding more. The answer goes back to the add waiting for it (cart-actions.ts), which
 * sends it again with the answer; closing gives up that add.
 */
export default function HoldCaptcha({ answer }: { answer: (token: string | null) => void }) {
  const { t } = useI18n();
  return <CaptchaDialog answer={answer} title={t('cart.captchaTitle')} text={t('cart.captchaText')} />;
}
