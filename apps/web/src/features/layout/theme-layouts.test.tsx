import type { FooterVariant } from '@claims/core/case/case-schema';
import { render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { siteFixture } from '../../lib/testing/site-fixture';
import { useLocalizationStore } from '../../stores/localization-store';
import { resetStores } from '../../stores/testing/reset-stores';
import { Layout } from './layout';
import { LayoutFtc } from './layout-ftc';
import { LayoutKontent } from './layout-kontent';
import type { ThemeLayoutProps } from './layout-props';

const THEME_LAYOUTS: [string, ComponentType<ThemeLayoutProps>, FooterVariant, FooterVariant][] = [
  // theme, layout, its own footer, another footer
  ['jnd-7-0-default', Layout, 'columns', 'compact'],
  ['ftc-7-0-default', LayoutFtc, 'centered', 'columns'],
  ['jnd-9-0-kontent', LayoutKontent, 'compact', 'centered'],
];

function renderLayout(
  ThemeLayout: ComponentType<ThemeLayoutProps>,
  overrides: Parameters<typeof siteFixture>[0] = {},
) {
  const site = siteFixture(overrides);
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <ThemeLayout site={site}>
          <h1>The page</h1>
        </ThemeLayout>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
}

function menuLinks(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Main menu' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

beforeEach(() => {
  resetStores();
  useLocalizationStore.setState({ enabledCultures: { en: 'English', es: 'Español' } });
});

describe.each(THEME_LAYOUTS)('the %s layout', (_theme, ThemeLayout, ownFooter, otherFooter) => {
  it(`shows its own footer, ${ownFooter}, when the case picks none`, () => {
    renderLayout(ThemeLayout);
    expect(screen.getByRole('contentinfo')).toHaveClass(`site-footer--${ownFooter}`);
  });

  it(`shows the footer the case picks, ${otherFooter}`, () => {
    renderLayout(ThemeLayout, { footerVariant: otherFooter });
    expect(screen.getByRole('contentinfo')).toHaveClass(`site-footer--${otherFooter}`);
  });

  it('shows the standard header, with File a Claim and VIN Lookup, unless told otherwise', () => {
    renderLayout(ThemeLayout);
    expect(menuLinks()).toEqual(expect.arrayContaining(['File a Claim', 'VIN Lookup']));
  });

  it('shows the reduced header, without File a Claim and VIN Lookup, when the case asks', () => {
    renderLayout(ThemeLayout, { headerVariant: 'reduced' });
    expect(menuLinks()).toEqual(['Home', 'Key Dates', 'Important Documents', 'FAQ']);
  });
});
