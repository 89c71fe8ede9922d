import { useEffect, useId, useRef } from 'react';
import { FORMS_TEXT } from '../forms-text';
import type { PageIssue } from '../hooks/page-checks';
import { useLocalized } from '../localized-text';

/** Moves the focus to a field named in the summary: the input itself, or a group's first input. */
export function focusField(targetId: string): void {
  const target = document.getElementById(targetId);
  if (!target) return;
  const focusable = target.matches('input, select, textarea, button')
    ? target
    : target.querySelector<HTMLElement>('input, select, textarea, button');
  (focusable ?? target).focus();
  target.scrollIntoView?.({ block: 'center' });
}

/**
 * The list of a page's errors shown at its top after a failed Next, each linking to its field.
 * It takes the focus when it appears so screen-reader and keyboard users start from it.
 */
export function ErrorSummary({ issues }: { issues: readonly PageIssue[] }) {
  const localize = useLocalized();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    ref.current?.focus();
  }, [issues]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="alert alert-danger error-summary"
      role="group"
    >
      <h2 id={titleId} className="h5 alert-heading">
        {localize(FORMS_TEXT.errorSummaryTitle)}
      </h2>
      <ul className="mb-0">
        {issues.map((issue) => (
          <li key={issue.targetId}>
            <a
              href={`#${issue.targetId}`}
              className="alert-link"
              onClick={(event) => {
                // In-page links would change the route's hash; move the focus instead.
                event.preventDefault();
                focusField(issue.targetId);
              }}
            >
              {issue.label}: {issue.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
