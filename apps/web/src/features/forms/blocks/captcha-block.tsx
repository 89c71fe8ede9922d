import { useEffect } from 'react';
import { useCaptchaStore } from '../../../stores/captcha-store';
import { FORMS_TEXT } from '../forms-text';
import { useLocalized } from '../localized-text';

/** What shows that the claimant has started on the page: not focus, which the site moves itself. */
const FIRST_ACTIVITY_EVENTS = ['pointerdown', 'keydown'] as const;

/**
 * Prepares the captcha on the claimant's first key press or pointer press on the page, so its
 * code (or a hosted provider's script) loads while they fill the form rather than with the page.
 * A claimant who never presses anything (a screen reader's browse mode, say) still gets the
 * widget rendered by its first run.
 */
function usePrepareOnFirstActivity() {
  const prepare = useCaptchaStore((state) => state.prepare);
  const prepared = useCaptchaStore((state) => state.prepared);
  useEffect(() => {
    if (prepared) return undefined;
    const onActivity = () => void prepare();
    for (const type of FIRST_ACTIVITY_EVENTS)
      document.addEventListener(type, onActivity, { capture: true, once: true, passive: true });
    return () => {
      for (const type of FIRST_ACTIVITY_EVENTS)
        document.removeEventListener(type, onActivity, { capture: true });
    };
  }, [prepare, prepared]);
}

/**
 * The notice that the page's buttons run the invisible captcha. The widget itself lives in the
 * layout's CaptchaContainer; hosted providers ask sites with an invisible widget to say so.
 */
export function CaptchaBlock() {
  const localize = useLocalized();
  const provider = useCaptchaStore((state) => state.provider);
  usePrepareOnFirstActivity();
  if (!provider) return null;
  const notice =
    provider === 'HCaptcha'
      ? FORMS_TEXT.captchaHCaptcha
      : provider === 'GoogleReCaptcha'
        ? FORMS_TEXT.captchaGoogle
        : FORMS_TEXT.captchaAltcha;
  return <p className="captcha-notice small text-body-secondary">{localize(notice)}</p>;
}
