import { CaptchaDialog } from '~/ui/captcha-dialog.tsx';
import { useI18n } from '~/ui/i18n.tsx';

/**
 * Issue 31: past a few joins from one address the API asks for the site's captcha before giving
 * a place. The answer goes back to the join waiting for it, which is sent again with it; closing
 * gives that join up.
 */
export function JoinCaptcha({ answer }: { answer: (token: string | null) => void }) {
  const { t } = useI18n();
  return <CaptchaDialog answer={answer} title={t('queue.captchaTitle')} text={t('queue.captchaText')} />;
}
