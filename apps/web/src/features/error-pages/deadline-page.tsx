import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { useText } from '../../stores/localization-store';
import { ReturnHomeLink } from './return-home-link';

const { fixedPage } = UI_CONTENT_KEYS;

/**
 * /deadline (docs/behaviour.md#routes): where the deadline guard sends claimants once a deadline
 * has passed.
 */
export function DeadlinePage() {
  const t = useText();
  return (
    <div className="content-page">
      <h1 className="page-heading">{t(fixedPage.deadlineTitle, 'The deadline has passed')}</h1>
      <p>
        {t(
          fixedPage.deadlineCopy,
          'The deadline to file a claim or submit documents has passed, so this form is closed. For questions, contact the Settlement Administrator using the information below.',
        )}
      </p>
      <ReturnHomeLink />
    </div>
  );
}
