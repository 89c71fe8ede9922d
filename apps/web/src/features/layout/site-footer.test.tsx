import { FOOTER_VARIANTS } from '@claims/core/case/case-schema';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLocalizationStore } from '../../stores/localization-store';
import { resetStores } from '../../stores/testing/reset-stores';
import { SiteFooter } from './site-footer';

const contact = {
  phone: '1-800-555-0100',
  email: 'info@example-settlement.com',
  mailingAddress: ['Brake Settlement Administrator', 'PO Box 1234', 'Portland, OR 97208'],
};

function renderInRouter(element: ReactElement) {
  return render(<RouterProvider router={createMemoryRouter([{ path: '*', element }])} />);
}

function renderFooter(
  variant: (typeof FOOTER_VARIANTS)[number],
  year?: number,
  privacyPolicyUrl = '/privacy',
) {
  renderInRouter(
    <SiteFooter
      variant={variant}
      administratorTitle="JND Legal Administration"
      contact={contact}
      privacyPolicyUrl={privacyPolicyUrl}
      {...(year === undefined ? {} : { year })}
    />,
  );
  return screen.getByRole('contentinfo');
}

beforeEach(() => {
  resetStores();
});

describe.each(FOOTER_VARIANTS)('SiteFooter %s', (variant) => {
  it('carries the copyright with the current year', () => {
    const footer = renderFooter(variant);
    expect(footer).toHaveTextContent(
      `© ${new Date().getFullYear()} JND Legal Administration. All rights reserved.`,
    );
  });

  it("links the site's own privacy page", () => {
    renderFooter(variant);
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('links a privacy policy on another site', () => {
    renderFooter(variant, undefined, 'https://administrator.example/privacy');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      'https://administrator.example/privacy',
    );
  });

  it('links the administrator phone and e-mail', () => {
    renderFooter(variant);
    expect(screen.getByRole('link', { name: /1-800-555-0100/ })).toHaveAttribute(
      'href',
      'tel:18005550100',
    );
    expect(screen.getByRole('link', { name: /info@example-settlement.com/ })).toHaveAttribute(
      'href',
      'mailto:info@example-settlement.com',
    );
  });

  it('shows the mailing address', () => {
    const footer = renderFooter(variant);
    expect(footer).toHaveTextContent('PO Box 1234');
    expect(footer).toHaveTextContent('Portland, OR 97208');
  });
});

describe('SiteFooter', () => {
  it("keeps the claimant's language on the way to the site's privacy page", () => {
    useLocalizationStore.setState({
      activeCulture: 'es',
      staticLocalizations: { LocKey_Footer_PrivacyPolicy: 'Política de privacidad' },
    });
    renderFooter('columns');
    expect(screen.getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute(
      'href',
      '/privacy?culture=es',
    );
  });

  it('writes the copyright in the active culture', () => {
    useLocalizationStore.setState({
      staticLocalizations: {
        LocKey_Footer_Copyright: '© {year} {administratorTitle}. Todos los derechos reservados.',
      },
    });
    expect(renderFooter('columns', 2031)).toHaveTextContent(
      '© 2031 JND Legal Administration. Todos los derechos reservados.',
    );
  });

  it('looks different in each variant', () => {
    const classes = FOOTER_VARIANTS.map((variant) => {
      const { container, unmount } = renderInRouter(
        <SiteFooter
          variant={variant}
          administratorTitle="A"
          contact={contact}
          privacyPolicyUrl="/p"
        />,
      );
      const className = container.querySelector('footer')?.className;
      unmount();
      return className;
    });
    expect(new Set(classes).size).toBe(3);
  });
});
