import type { SiteSettings } from '@claims/core/contract/site';
import type { ReactNode } from 'react';

/** What every theme layout gets: the case settings and the routed page. */
export interface ThemeLayoutProps {
  site: SiteSettings;
  children: ReactNode;
}
