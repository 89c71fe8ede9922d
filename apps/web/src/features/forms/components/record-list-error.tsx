/**
 * The error of a list of records (none saved, too few, one left unfinished). The region is
 * always in the page, so screen readers announce the error when it appears; the list and its
 * heading, which the error summary's link focuses, name it as their description.
 */
export function RecordListError({ id, error }: { id: string; error: string | null }) {
  return (
    <div id={id} aria-live="polite" className={error ? 'invalid-feedback d-block mt-2' : undefined}>
      {error}
    </div>
  );
}
