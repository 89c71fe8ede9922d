import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BannerBlock } from './banner-block';
import { CopyBlock } from './copy-block';
import { FeedbackMessageBlock } from './feedback-message-block';
import { HeaderBlock, type HeadingTag } from './header-block';

describe('BannerBlock', () => {
  it('is a region named by its header with its copy', () => {
    render(<BannerBlock header="Before you start" copy={['Have your notice at hand.']} />);
    expect(screen.getByRole('region', { name: 'Before you start' })).toHaveTextContent(
      'Have your notice at hand.',
    );
  });
});

describe('CopyBlock', () => {
  it('shows each paragraph with its inline formatting', () => {
    render(<CopyBlock copy={['One <strong>bold</strong> word', 'Two']} />);
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText('Two')).toBeInTheDocument();
  });

  it('shows the culture text of a content key, or readable words when the key is missing', () => {
    render(<CopyBlock copy={['LocKey_Page_SomeMissingText']} />);
    expect(screen.getByText('Some Missing Text')).toBeInTheDocument();
  });
});

describe('HeaderBlock', () => {
  it('renders the heading level it is given', () => {
    render(<HeaderBlock text="Sign your claim" tag="h2" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Sign your claim' })).toBeInTheDocument();
  });

  it('refuses a style that is not a heading tag', () => {
    expect(() => render(<HeaderBlock text="Oops" tag={'p' as HeadingTag} />)).toThrow(
      'a header block needs a heading tag; got "p", expected one of h1, h2, h3, h4, h5, h6',
    );
  });
});

describe('FeedbackMessageBlock', () => {
  it('interrupts with an alert for an error', () => {
    render(<FeedbackMessageBlock variant="danger" message="Not found" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Not found');
  });

  it('announces other outcomes politely', () => {
    render(<FeedbackMessageBlock variant="success" message="Eligible" />);
    expect(screen.getByRole('status')).toHaveTextContent('Eligible');
  });
});
