import { useId } from 'react';
import Container from 'react-bootstrap/Container';
import { SanitizedHtml } from '../../components/ui/sanitized-html';
import { useApplicationStore } from '../../stores/application-store';
import { useText } from '../../stores/localization-store';

/**
 * The banner of docs/behaviour.md#layout: a header and two copy paragraphs, shown only when
 * enabled.
 */
export function SiteBanner() {
  const t = useText();
  const headingId = useId();
  const { showBanner, banner } = useApplicationStore((state) => state.banner.activeBannerState);
  if (!showBanner || banner === null) return null;
  return (
    <section className="site-banner" aria-labelledby={headingId}>
      <Container>
        <h2 id={headingId} className="h5">
          {t(banner.headerKey)}
        </h2>
        {banner.copyKeys.map((key, index) => (
          <SanitizedHtml key={index} as="p" className="site-banner__copy" html={t(key)} />
        ))}
      </Container>
    </section>
  );
}
