import { useId } from 'react';
import { SanitizedHtml } from '../../../components/ui/sanitized-html';
import { useLocalized, type LocalizedText } from '../localized-text';

export interface BannerBlockProps {
  header?: LocalizedText;
  copy: readonly LocalizedText[];
  variant?: 'info' | 'warning' | 'success';
}

/** A highlighted notice inside a page, e.g. what a claimant needs at hand before starting. */
export function BannerBlock({ header, copy, variant = 'info' }: BannerBlockProps) {
  const localize = useLocalized();
  const headingId = useId();
  return (
    <section
      className={`alert alert-${variant} banner-block`}
      aria-labelledby={header ? headingId : undefined}
    >
      {header && (
        <h2 id={headingId} className="h5 alert-heading">
          {localize(header)}
        </h2>
      )}
      {copy.map((paragraph, index) => (
        <SanitizedHtml
          key={index}
          as="p"
          className={index === copy.length - 1 ? 'mb-0' : undefined}
          html={localize(paragraph)}
        />
      ))}
    </section>
  );
}
