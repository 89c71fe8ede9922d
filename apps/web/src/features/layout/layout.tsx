import type { ThemeLayoutProps } from './layout-props';
import { ProjectTitle } from './project-title';
import { SiteBanner } from './site-banner';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SiteMain } from './site-main';
import { SkipLink } from './skip-link';

/** The layout of theme jnd-7-0-default: header, project title band, banner, page, footer columns. */
export function Layout({ site, children }: ThemeLayoutProps) {
  return (
    <div className="site-shell site-shell--jnd-7-0-default">
      <SkipLink />
      <SiteHeader
        variant={site.headerVariant}
        administratorTitle={site.administratorTitle}
        caseName={site.caseName}
        caseNumber={site.caseNumber}
      />
      <ProjectTitle
        variant={site.layoutVariant}
        titleKey={site.projectTitleKey}
        subtitleKey={site.projectSubtitleKey}
        logo={site.logo}
      />
      <SiteBanner />
      <SiteMain>{children}</SiteMain>
      <SiteFooter
        variant={site.footerVariant ?? 'columns'}
        administratorTitle={site.administratorTitle}
        contact={site.contact}
        privacyPolicyUrl={site.privacyPolicyUrl}
      />
    </div>
  );
}
