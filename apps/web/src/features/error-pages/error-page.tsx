import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { useLocation } from 'react-router';
import { errorOfPageState } from '../../stores/application-store';
import { useText } from '../../stores/localization-store';
import { ReturnHomeLink } from './return-home-link';

const { fixedPage } = UI_CONTENT_KEYS;

/**
 * /error?culture=… (docs/behaviour.md#errors): shows the server's error text when an error brought
 * the claimant here (showError with redirectOnError), and only that one: an error shown
 * earlier in the dialog, or on an earlier visit, is not repeated.
 */
export function ErrorPage() {
  const t = useText();
  const message = errorOfPageState(useLocation().state)?.message ?? '';
  return (
    <div className="content-page">
      <h1 className="page-heading">{t(fixedPage.errorTitle, 'Something went wrong')}</h1>
      {message !== '' && (
        <p className="alert alert-danger" role="alert">
          {message}
        </p>
      )}
      <p>
        {t(
          fixedPage.errorCopy,
          'We could not complete your request. Please try again. If this problem persists, contact the Settlement Administrator using the information below.',
        )}
      </p>
      <ReturnHomeLink />
    </div>
  );
}
