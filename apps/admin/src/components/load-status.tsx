import { errorMessage } from '../lib/api-client';
import type { ApiData } from '../lib/use-api-data';

/**
 * Says what a page is waiting for or what went wrong, in live regions a screen reader
 * announces: a polite status while loading, an alert on failure with a way to try again.
 */
export function LoadStatus({
  data,
  loadingText,
  onRetry,
}: {
  data: ApiData<unknown>;
  loadingText: string;
  onRetry: () => void;
}) {
  return (
    <>
      <div
        role="status"
        className={data.state === 'loading' ? 'text-body-secondary' : 'visually-hidden'}
      >
        {data.state === 'loading' ? loadingText : ''}
      </div>
      {data.state === 'error' ? (
        <div role="alert" className="alert alert-danger d-flex align-items-center gap-3">
          <span>{errorMessage(data.error)}</span>
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={onRetry}>
            Try again
          </button>
        </div>
      ) : null}
    </>
  );
}
