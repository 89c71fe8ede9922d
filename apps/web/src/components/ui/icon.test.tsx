import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Icon } from './icon';

describe('Icon', () => {
  it('draws the icon as inline SVG with Font Awesome classes', () => {
    const { container } = render(<Icon icon="phone" className="me-2" />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveClass('svg-inline--fa', 'fa-phone', 'me-2');
    expect(svg).toHaveAttribute('data-icon', 'phone');
    expect(svg).toHaveAttribute('viewBox', '0 0 512 512');
    expect(svg?.querySelector('path')).toHaveAttribute('fill', 'currentColor');
  });

  it('hides a decorative icon from screen readers', () => {
    const { container } = render(<Icon icon="trash" />);
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('names an icon that carries a title', () => {
    render(<Icon icon="circle-info" title="Information" />);
    expect(screen.getByRole('img', { name: 'Information' })).toBeInTheDocument();
  });
});
