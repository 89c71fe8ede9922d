import type { ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import { useApplicationStore } from '../../stores/application-store';
import { MAIN_CONTENT_ID } from './skip-link';

/**
 * The main landmark. Focus moves here (or to its h1) after each navigation, so it is
 * focusable; its content is hidden while the browser is leaving for another site
 * (docs/behaviour.md#layout).
 */
export function SiteMain({ children, className }: { children: ReactNode; className?: string }) {
  const redirecting = useApplicationStore((state) => state.redirecting);
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={`site-main ${className ?? ''}`}>
      <Container hidden={redirecting}>{children}</Container>
    </main>
  );
}
