import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { useApplicationStore } from '../../stores/application-store';
import { useText } from '../../stores/localization-store';
import { ReturnHomeLink } from './return-home-link';

const { fixedPage } = UI_CONTENT_KEYS;

/** /error?culture=… (SPEC.md section 8): shows the server's error text when there is one. */
export function ErrorPage() {
  const t = useText();
  const message = useApplicationStore((state) => state.errorInfo.message);
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
