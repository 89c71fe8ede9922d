import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useApplicationStore } from '../../stores/application-store';
import { useLocalizationStore } from '../../stores/localization-store';
import { resetStores } from '../../stores/testing/reset-stores';
import { SiteBanner } from './site-banner';

const banner = { headerKey: 'H', copyKeys: ['C1', 'C2'] as [string, string] };

beforeEach(() => {
  resetStores();
  useLocalizationStore.setState({
    staticLocalizations: {
      H: 'Claims are open',
      C1: 'File by <strong>May 1</strong>.',
      C2: 'Call us.',
    },
  });
});

describe('SiteBanner', () => {
  it('shows the header and both paragraphs when enabled', () => {
    useApplicationStore.getState().setBanner({ showBanner: true, ...banner });
    render(<SiteBanner />);
    const region = screen.getByRole('region', { name: 'Claims are open' });
    expect(region).toHaveTextContent('File by May 1.');
    expect(region).toHaveTextContent('Call us.');
  });

  it('shows nothing when disabled', () => {
    useApplicationStore.getState().setBanner({ showBanner: false, ...banner });
    const { container } = render(<SiteBanner />);
    expect(container).toBeEmptyDOMElement();
  });
});
