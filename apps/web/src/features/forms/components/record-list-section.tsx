import type { ReactNode, RefObject } from 'react';

/**
 * The frame of a list of records (the multi-record manager and its table variant): a section
 * named by its heading, and the list's error (none saved, too few, one left unfinished). The
 * error's region is always in the page, so screen readers announce the error when it appears;
 * the section and its heading, which the error summary's link focuses, name it as their
 * description.
 */
export function RecordListSection({
  className,
  headingId,
  headingRef,
  heading,
  error,
  children,
}: {
  className: string;
  headingId: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  heading: string;
  error: string | null;
  children: ReactNode;
}) {
  const errorId = `${headingId}-error`;
  const describedBy = error ? errorId : undefined;
  return (
    <section className={className} aria-labelledby={headingId} aria-describedby={describedBy}>
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="h4"
        aria-describedby={describedBy}
      >
        {heading}
      </h2>
      {children}
      <div
        id={errorId}
        aria-live="polite"
        className={error ? 'invalid-feedback d-block mt-2' : undefined}
      >
        {error}
      </div>
    </section>
  );
}
