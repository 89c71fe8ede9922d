import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { useLocalizationStore, useText } from '../../stores/localization-store';
import { AdministratorContact } from './administrator-contact';
import { ContentSections, type ContentSection } from './content-sections';

/** The content keys of the privacy page: a title, then numbered sections of paragraphs. */
export const PRIVACY_KEYS = {
  title: 'LocKey_Page_Privacy_Title',
  /** Optional heading of section n (from 1). */
  heading: (section: number) => `LocKey_Page_Privacy_S${section}_Heading`,
  /** Paragraph p (from 1) of section n. */
  paragraph: (section: number, paragraph: number) =>
    `LocKey_Page_Privacy_S${section}_P${paragraph}`,
} as const;

/**
 * The sections of the privacy policy the case's content gives: section 1, 2, … as long as the
 * next one has a first paragraph, each with its paragraphs 1, 2, … in order. The case writes
 * the policy in every culture it offers, as it writes the rest of its copy.
 */
export function privacySections(texts: Readonly<Record<string, string>>): ContentSection[] {
  const sections: ContentSection[] = [];
  for (let section = 1; PRIVACY_KEYS.paragraph(section, 1) in texts; section += 1) {
    const paragraphKeys: string[] = [];
    for (let paragraph = 1; PRIVACY_KEYS.paragraph(section, paragraph) in texts; paragraph += 1) {
      paragraphKeys.push(PRIVACY_KEYS.paragraph(section, paragraph));
    }
    const headingKey = PRIVACY_KEYS.heading(section);
    sections.push(headingKey in texts ? { headingKey, paragraphKeys } : { paragraphKeys });
  }
  return sections;
}

/**
 * Privacy Policy (/privacy): the site's own privacy page, for a case whose privacy policy link
 * points here rather than to the administrator's site. It ends with the administrator's
 * contact details, the way to ask about one's information; without copy from the case it
 * still says whom to ask.
 */
export function PrivacyPage() {
  const t = useText();
  const texts = useLocalizationStore((state) => state.staticLocalizations);
  const sections = privacySections(texts);
  return (
    <div className="content-page">
      <h1 className="page-heading">
        {t(PRIVACY_KEYS.title, t(UI_CONTENT_KEYS.footer.privacyPolicy, 'Privacy Policy'))}
      </h1>
      <ContentSections sections={sections} />
      <AdministratorContact />
    </div>
  );
}
