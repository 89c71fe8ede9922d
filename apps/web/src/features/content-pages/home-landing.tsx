import { useId, type ReactNode } from 'react';
import { useText } from '../../stores/localization-store';
import { ContentSections } from './content-sections';
import { useSite } from './use-site';

/**
 * The site root (docs/behaviour.md#routes: the Automotive landing page) with the case's home copy
 * beside the form: a claimant arriving at the site learns what the settlement is about
 * without leaving the form. The form's h1 stays the page's heading; the copy is a region of
 * its own, after the form in reading order, beside it on wide screens.
 */
export function HomeLanding({ children }: { children: ReactNode }) {
  const t = useText();
  const titleId = useId();
  const { home } = useSite().pages;
  return (
    <div className="home-landing">
      <div className="home-landing__form">{children}</div>
      <section className="home-landing__about" aria-labelledby={titleId}>
        <h2 id={titleId} className="h3 mb-3">
          {t(home.titleKey)}
        </h2>
        <ContentSections sections={home.sections} headingLevel={3} />
      </section>
    </div>
  );
}
