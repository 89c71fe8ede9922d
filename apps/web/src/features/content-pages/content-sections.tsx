import type { SitePages } from '@claims/core/contract/site';
import { SanitizedHtml } from '../../components/ui/sanitized-html';
import { useText } from '../../stores/localization-store';

export type ContentSection = SitePages['home']['sections'][number];

/** A page's copy from the case definition: optional headings over paragraphs of inline HTML. */
export function ContentSections({ sections }: { sections: readonly ContentSection[] }) {
  const t = useText();
  return (
    <>
      {sections.map((section, index) => (
        <section key={index} className="content-section mb-4">
          {section.headingKey !== undefined && <h2 className="h4">{t(section.headingKey)}</h2>}
          {section.paragraphKeys.map((key, paragraph) => (
            <SanitizedHtml key={paragraph} as="p" html={t(key)} />
          ))}
        </section>
      ))}
    </>
  );
}
