import type { SiteSettings } from '@claims/core/contract/site';
import { useSettingsStore } from '../../stores/settings-store';

/** The case settings; the pages render only after start-up has loaded them. */
export function useSite(): SiteSettings {
  const site = useSettingsStore((state) => state.site);
  if (site === null)
    throw new Error('the site settings are not loaded; start-up loads them before any page');
  return site;
}
