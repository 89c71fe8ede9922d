import { SanitizedHtml } from '../../components/ui/sanitized-html';
import { useText } from '../../stores/localization-store';
import { ContentSections } from './content-sections';
import { useSite } from './use-site';

/** FAQ (/faq): the case's questions and answers. */
export function FaqPage() {
  const t = useText();
  const { faq } = useSite().pages;
  return (
    <div className="content-page">
      <h1 className="page-heading">{t(faq.titleKey)}</h1>
      <ContentSections sections={faq.sections} />
      <div className="faq">
        {faq.items.map((item) => (
          <section key={item.questionKey} className="faq__item">
            <h2 className="h5">{t(item.questionKey)}</h2>
            <SanitizedHtml as="p" html={t(item.answerKey)} />
          </section>
        ))}
      </div>
    </div>
  );
}
