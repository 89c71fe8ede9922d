import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { formTypeFromSegment } from '@claims/core/form-types';
import { formPagePath } from '@claims/core/routes';
import { useSearchParams } from 'react-router';
import { useText } from '../../stores/localization-store';
import { ReturnHomeLink } from './return-home-link';

const { fixedPage } = UI_CONTENT_KEYS;

/**
 * /session-expired?form=…&culture=… (docs/behaviour.md#routes): the session ended or the form was
 * never authorized; the link leads back to the form's landing page to start again.
 */
export function SessionExpiredPage() {
  const t = useText();
  const [params] = useSearchParams();
  const formType = formTypeFromSegment(params.get('form') ?? '');
  return (
    <div className="content-page">
      <h1 className="page-heading">
        {t(fixedPage.sessionExpiredTitle, 'Your session has expired')}
      </h1>
      <p>
        {t(
          fixedPage.sessionExpiredCopy,
          'For your security, your session ended and the information you entered was cleared. Please start your claim again.',
        )}
      </p>
      {formType === undefined ? (
        <ReturnHomeLink />
      ) : (
        <ReturnHomeLink
          to={formPagePath(formType, '')}
          label={t(fixedPage.sessionExpiredStartAgain, 'Start again')}
        />
      )}
    </div>
  );
}
