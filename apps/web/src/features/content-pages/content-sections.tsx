import type { SitePages } from '@claims/core/contract/site';
import { SanitizedHtml } from '../../components/ui/sanitized-html';
import { useText } from '../../stores/localization-store';

export type ContentSection = SitePages['home']['sections'][number];

export interface ContentSectionsProps {
  sections: readonly ContentSection[];
  /** The level of the sections' headings: 2 under a page's h1, 3 under a block's h2. */
  headingLevel?: 2 | 3;
}

/** A page's copy from the case definition: optional headings over paragraphs of inline HTML. */
export function ContentSections({ sections, headingLevel = 2 }: ContentSectionsProps) {
  const t = useText();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      {sections.map((section, index) => (
        <section key={index} className="content-section mb-4">
          {section.headingKey !== undefined && (
            <Heading className={headingLevel === 2 ? 'h4' : 'h5'}>{t(section.headingKey)}</Heading>
          )}
          {section.paragraphKeys.map((key, paragraph) => (
            <SanitizedHtml key={paragraph} as="p" html={t(key)} />
          ))}
        </section>
      ))}
    </>
  );
}
