import { DEFAULT_THEME, isTheme, type Theme } from '@claims/core/case/themes';
import type { SiteSettings } from '@claims/core/contract/site';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { AlertDialog } from '../components/ui/alert-dialog';
import { CaptchaContainer } from '../components/ui/captcha-container';
import { ToastRegion } from '../components/ui/toast-region';
import { useModelsStore } from '../features/forms/stores/models-store';
import { Layout } from '../features/layout/layout';
import { LayoutFtc } from '../features/layout/layout-ftc';
import { LayoutKontent } from '../features/layout/layout-kontent';
import type { ThemeLayoutProps } from '../features/layout/layout-props';
import { SessionTimer } from '../features/session/session-timer';
import { ConfigurationErrorPage } from '../features/themes/configuration-error-page';
import { useThemeStylesheet } from '../features/themes/use-theme-stylesheet';
import { ERROR_MESSAGES } from '../lib/error-messages';
import { useSettingsStore } from '../stores/settings-store';
import { useText } from '../stores/localization-store';
import { hidePageLoad } from './page-load';
import { useDocumentTitle } from './use-document-title';
import { useRouteFocus } from './use-route-focus';

/** The layout of each theme (docs/behaviour.md#themes). */
export const THEME_LAYOUTS: Readonly<Record<Theme, ComponentType<ThemeLayoutProps>>> = {
  'jnd-7-0-default': Layout,
  'ftc-7-0-default': LayoutFtc,
  'jnd-9-0-kontent': LayoutKontent,
};

/** Hides the page-load spinner once whatever replaces it has mounted. */
function PageLoadDone() {
  useEffect(hidePageLoad, []);
  return null;
}

/** The claim is held in the page only: a session that ends takes it along. */
function discardClaim() {
  useModelsStore.getState().reinitialize();
}

/** Dialogs and the session timer, on every layout (docs/behaviour.md#layout). */
function Overlays() {
  return (
    <>
      <SessionTimer onExpire={discardClaim} />
      <AlertDialog />
      <ToastRegion />
      <CaptchaContainer />
    </>
  );
}

/** Shown instead of a layout when a stylesheet is needed but no usable theme is configured. */
function StyledPage({ theme, children }: { theme: Theme; children: ReactNode }) {
  const stylesheet = useThemeStylesheet(theme);
  if (stylesheet === 'loading') return null;
  return (
    <>
      {children}
      <AlertDialog />
      <PageLoadDone />
    </>
  );
}

function SiteUnavailable() {
  const t = useText();
  return (
    <main className="configuration-error" id="main-content">
      <h1 className="h2">{t(ERROR_MESSAGES.configLoad.key, ERROR_MESSAGES.configLoad.text)}</h1>
    </main>
  );
}

/** Effects that need the layout in the page: focus and title follow the route. */
function LayoutEffects({ siteName }: { siteName: string }) {
  useRouteFocus();
  useDocumentTitle(siteName);
  useEffect(hidePageLoad, []);
  return null;
}

function ThemedLayout({ theme, site }: { theme: Theme; site: SiteSettings }) {
  const t = useText();
  const stylesheet = useThemeStylesheet(theme);
  // Waiting for the stylesheet keeps the page-load spinner up instead of a flash of bare HTML.
  if (stylesheet === 'loading') return null;
  const ThemeLayout = THEME_LAYOUTS[theme];
  return (
    <>
      <ThemeLayout site={site}>
        <Outlet />
      </ThemeLayout>
      <Overlays />
      <LayoutEffects siteName={t(site.projectTitleKey)} />
    </>
  );
}

/**
 * The shell of every page: the configured theme's layout with its lazily loaded stylesheet,
 * or a configuration error page naming an unknown theme (docs/behaviour.md#themes).
 */
export function RootLayout() {
  const site = useSettingsStore((state) => state.site);
  if (site === null) {
    return (
      <StyledPage theme={DEFAULT_THEME}>
        <SiteUnavailable />
      </StyledPage>
    );
  }
  if (!isTheme(site.theme)) {
    return (
      <StyledPage theme={DEFAULT_THEME}>
        <ConfigurationErrorPage theme={site.theme} />
      </StyledPage>
    );
  }
  return <ThemedLayout theme={site.theme} site={site} />;
}
