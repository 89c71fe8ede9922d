import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ReturnHomeLink } from '../features/error-pages/return-home-link';
import { logger } from '../lib/logger';
import { useText } from '../stores/localization-store';

/** What a page shows when it fails to load or render: a way back, never a blank screen. */
export function RouteErrorPage() {
  const t = useText();
  const error = useRouteError();
  useEffect(() => {
    logger.error('a page failed to load or render', error);
  }, [error]);
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <div className="content-page">
      <h1 className="page-heading">
        {t(UI_CONTENT_KEYS.fixedPage.errorTitle, 'Something went wrong')}
      </h1>
      <p>
        {t(
          UI_CONTENT_KEYS.fixedPage.errorCopy,
          'We could not complete your request. Please try again. If this problem persists, contact the Settlement Administrator using the information below.',
        )}
      </p>
      {status !== null && <p className="text-body-secondary small">HTTP {status}</p>}
      <ReturnHomeLink />
    </div>
  );
}
