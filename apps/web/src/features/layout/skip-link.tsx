import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { useText } from '../../stores/localization-store';

export const MAIN_CONTENT_ID = 'main-content';

/** The first stop of the keyboard: jumps past the header to the page (WCAG 2.4.1). */
export function SkipLink() {
  const t = useText();
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
      {t(UI_CONTENT_KEYS.header.skipToContent, 'Skip to main content')}
    </a>
  );
}
