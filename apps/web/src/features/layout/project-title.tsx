import type { LayoutVariant } from '@claims/core/case/case-schema';
import Container from 'react-bootstrap/Container';
import { useText } from '../../stores/localization-store';

export interface ProjectTitleProps {
  variant: LayoutVariant;
  titleKey: string;
  subtitleKey?: string | undefined;
  logo?: { url: string; altKey: string } | undefined;
}

/**
 * The project title, subtitle and logo in one of the three layout variants of
 * docs/behaviour.md#header. The page's own heading is the h1, so the title is not one.
 */
export function ProjectTitle({ variant, titleKey, subtitleKey, logo }: ProjectTitleProps) {
  const t = useText();
  const showLogo = logo !== undefined && variant !== 'title-only';
  return (
    <div className={`project-title project-title--${variant}`} data-layout-variant={variant}>
      <Container className="project-title__inner">
        {showLogo && <img className="project-title__logo" src={logo.url} alt={t(logo.altKey)} />}
        <div>
          <p className="project-title__title">{t(titleKey)}</p>
          {subtitleKey !== undefined && <p className="project-title__subtitle">{t(subtitleKey)}</p>}
        </div>
      </Container>
    </div>
  );
}
