import type { ThemeLayoutProps } from './layout-props';
import { ThemeShell } from './theme-shell';

/** The layout of theme jnd-7-0-default: header, project title band, banner, page, footer columns. */
export function Layout(props: ThemeLayoutProps) {
  return <ThemeShell {...props} theme="jnd-7-0-default" defaultFooter="columns" />;
}
