import type { SiteSettings } from '@claims/core/contract/site';
import type { ThemeLayoutProps } from './layout-props';
import { ProjectTitle } from './project-title';
import { SiteBanner } from './site-banner';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SiteMain } from './site-main';
import { SkipLink } from './skip-link';

export interface ThemeShellProps extends ThemeLayoutProps {
  /** The theme's name, which names its modifier class (site-shell--<theme>). */
  theme: string;
  /** The footer variant when the case does not choose one. */
  defaultFooter: NonNullable<SiteSettings['footerVariant']>;
  /** Whether the banner comes before the project title rather than after it. */
  bannerFirst?: boolean;
  mainClassName?: string;
}

/**
 * The parts every theme's layout has, in page order: skip link, header, project title and
 * banner, the page, footer. A theme's layout chooses their order and variants.
 */
export function ThemeShell({
  site,
  children,
  theme,
  defaultFooter,
  bannerFirst = false,
  mainClassName,
}: ThemeShellProps) {
  const projectTitle = (
    <ProjectTitle
      variant={site.layoutVariant}
      titleKey={site.projectTitleKey}
      subtitleKey={site.projectSubtitleKey}
      logo={site.logo}
    />
  );
  return (
    <div className={`site-shell site-shell--${theme}`}>
      <SkipLink />
      <SiteHeader
        variant={site.headerVariant}
        administratorTitle={site.administratorTitle}
        caseName={site.caseName}
        caseNumber={site.caseNumber}
      />
      {bannerFirst ? (
        <>
          <SiteBanner />
          {projectTitle}
        </>
      ) : (
        <>
          {projectTitle}
          <SiteBanner />
        </>
      )}
      <SiteMain className={mainClassName}>{children}</SiteMain>
      <SiteFooter
        variant={site.footerVariant ?? defaultFooter}
        administratorTitle={site.administratorTitle}
        contact={site.contact}
        privacyPolicyUrl={site.privacyPolicyUrl}
      />
    </div>
  );
}
