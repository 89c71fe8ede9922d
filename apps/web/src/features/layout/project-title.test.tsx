import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLocalizationStore } from '../../stores/localization-store';
import { resetStores } from '../../stores/testing/reset-stores';
import { ProjectTitle } from './project-title';

const logo = { url: '/app/site/logo.png', altKey: 'LocKey_Logo_Alt' };

beforeEach(() => {
  resetStores();
  useLocalizationStore.setState({
    staticLocalizations: {
      LocKey_Title: 'Brake Assembly Settlement',
      LocKey_Subtitle: 'Official claims website',
      LocKey_Logo_Alt: 'Settlement seal',
    },
  });
});

describe('ProjectTitle', () => {
  it.each(['logo-beside-title', 'logo-above-title'] as const)(
    'shows title, subtitle and logo in the %s variant',
    (variant) => {
      const { container } = render(
        <ProjectTitle
          variant={variant}
          titleKey="LocKey_Title"
          subtitleKey="LocKey_Subtitle"
          logo={logo}
        />,
      );
      expect(screen.getByText('Brake Assembly Settlement')).toBeInTheDocument();
      expect(screen.getByText('Official claims website')).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'Settlement seal' })).toHaveAttribute('src', logo.url);
      expect(container.firstChild).toHaveClass(`project-title--${variant}`);
    },
  );

  it('leaves the logo out of the title-only variant', () => {
    render(<ProjectTitle variant="title-only" titleKey="LocKey_Title" logo={logo} />);
    expect(screen.getByText('Brake Assembly Settlement')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
