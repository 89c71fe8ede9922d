import type { ThemeLayoutProps } from './layout-props';
import { ProjectTitle } from './project-title';
import { SiteBanner } from './site-banner';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SiteMain } from './site-main';
import { SkipLink } from './skip-link';

/**
 * The layout of theme ftc-7-0-default: the banner, as a notice, comes before the project title;
 * a centred footer closes the page.
 */
export function LayoutFtc({ site, children }: ThemeLayoutProps) {
  return (
    <div className="site-shell site-shell--ftc-7-0-default">
      <SkipLink />
      <SiteHeader
        variant={site.headerVariant}
        administratorTitle={site.administratorTitle}
        caseName={site.caseName}
        caseNumber={site.caseNumber}
      />
      <SiteBanner />
      <ProjectTitle
        variant={site.layoutVariant}
        titleKey={site.projectTitleKey}
        subtitleKey={site.projectSubtitleKey}
        logo={site.logo}
      />
      <SiteMain>{children}</SiteMain>
      <SiteFooter
        variant={site.footerVariant ?? 'centered'}
        administratorTitle={site.administratorTitle}
        contact={site.contact}
        privacyPolicyUrl={site.privacyPolicyUrl}
      />
    </div>
  );
}
