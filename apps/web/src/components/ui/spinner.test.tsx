import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('announces what is loading', () => {
    render(<Spinner label="Loading your claim" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your claim');
  });
});
