import type { ThemeLayoutProps } from './layout-props';
import { ThemeShell } from './theme-shell';

/**
 * The layout of theme ftc-7-0-default: the banner, as a notice, comes before the project title;
 * a centred footer closes the page.
 */
export function LayoutFtc(props: ThemeLayoutProps) {
  return <ThemeShell {...props} theme="ftc-7-0-default" defaultFooter="centered" bannerFirst />;
}
