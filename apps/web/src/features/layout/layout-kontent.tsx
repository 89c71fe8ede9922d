import type { ThemeLayoutProps } from './layout-props';
import { ThemeShell } from './theme-shell';

/** The layout of theme jnd-9-0-kontent: a hero project title, the page, a compact footer. */
export function LayoutKontent(props: ThemeLayoutProps) {
  return (
    <ThemeShell
      {...props}
      theme="jnd-9-0-kontent"
      defaultFooter="compact"
      mainClassName="site-main--kontent"
    />
  );
}
