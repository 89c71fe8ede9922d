import { useCaptchaStore } from '../../captcha/captcha-store';
import { FORMS_TEXT } from '../forms-text';
import { useLocalized } from '../localized-text';

/**
 * The notice that the page's buttons run the invisible captcha. The widget itself lives in the
 * layout's CaptchaContainer; hosted providers ask sites with an invisible widget to say so.
 */
export function CaptchaBlock() {
  const localize = useLocalized();
  const provider = useCaptchaStore((state) => state.provider);
  if (!provider) return null;
  const notice =
    provider === 'HCaptcha'
      ? FORMS_TEXT.captchaHCaptcha
      : provider === 'GoogleReCaptcha'
        ? FORMS_TEXT.captchaGoogle
        : FORMS_TEXT.captchaAltcha;
  return <p className="captcha-notice small text-body-secondary">{localize(notice)}</p>;
}
