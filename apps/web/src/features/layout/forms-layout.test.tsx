import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { FormsLayout } from './forms-layout';

describe('FormsLayout', () => {
  it('wraps the page in a form whose submit is suppressed', () => {
    const submitted = vi.fn();
    const router = createMemoryRouter([
      {
        element: <FormsLayout />,
        children: [{ path: '/', element: <button type="submit">Next</button> }],
      },
    ]);
    render(
      <div onSubmit={(event) => submitted(event.defaultPrevented)}>
        <RouterProvider router={router} />
      </div>,
    );
    const form = screen.getByRole('button', { name: 'Next' }).closest('form');
    expect(form).toHaveAttribute('novalidate');
    fireEvent.submit(form as HTMLFormElement);
    expect(submitted).toHaveBeenCalledWith(true);
  });
});
