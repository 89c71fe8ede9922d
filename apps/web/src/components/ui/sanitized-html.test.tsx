import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SanitizedHtml, sanitizeHtml } from './sanitized-html';

describe('sanitizeHtml', () => {
  it('keeps inline formatting', () => {
    expect(sanitizeHtml('File <strong>by</strong> <em>March</em>.')).toBe(
      'File <strong>by</strong> <em>March</em>.',
    );
  });

  it('removes scripts and event handlers', () => {
    expect(sanitizeHtml('Hi<script>alert(1)</script><b onclick="steal()">there</b>')).toBe(
      'Hi<b>there</b>',
    );
  });

  it('drops block tags but keeps their text', () => {
    expect(sanitizeHtml('<p>One</p><ul><li>Two</li></ul>')).toBe('OneTwo');
  });

  it('refuses javascript: links', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a rel="noopener noreferrer">x</a>',
    );
  });

  it('drops a link target other than a new tab', () => {
    expect(sanitizeHtml('<a href="/faq" target="_top">FAQ</a>')).toBe(
      '<a href="/faq" rel="noopener noreferrer">FAQ</a>',
    );
  });
});

describe('SanitizedHtml', () => {
  it('renders links with rel noopener', () => {
    render(
      <SanitizedHtml
        as="p"
        html='See the <a href="https://court.example" target="_blank">court site</a>.'
      />,
    );
    const link = screen.getByRole('link', { name: 'court site' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.closest('p')).toHaveTextContent('See the court site.');
  });
});
