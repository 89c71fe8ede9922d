import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithModel } from '../testing/render-with-model';
import { TextBlock } from './text-block';

const firstName = {
  label: 'First name',
  validations: [
    { type: 'required' },
    { type: 'maxLength', max: 5 },
    { type: 'characterSetRestriction' },
  ],
};

describe('TextBlock', () => {
  it('shows the field label and stores what is typed', async () => {
    const { model } = renderWithModel(<TextBlock field="firstName" />, { firstName });
    await userEvent.type(screen.getByLabelText(/First name/), 'Ana');
    expect(model().fields.firstName).toBe('Ana');
  });

  it('marks a required field for screen readers', () => {
    renderWithModel(<TextBlock field="firstName" />, { firstName });
    expect(screen.getByLabelText(/First name/)).toHaveAttribute('aria-required', 'true');
  });

  it('does not validate while the claimant types', async () => {
    renderWithModel(<TextBlock field="firstName" />, { firstName });
    await userEvent.type(screen.getByLabelText(/First name/), 'Abcdefgh');
    expect(screen.queryByText('The maximum length allowed is 5')).not.toBeInTheDocument();
  });

  it('validates when the field is left', async () => {
    renderWithModel(<TextBlock field="firstName" />, { firstName });
    await userEvent.click(screen.getByLabelText(/First name/));
    await userEvent.tab();
    expect(screen.getByText('Value is required')).toBeInTheDocument();
  });

  it('validates on Enter', async () => {
    renderWithModel(<TextBlock field="firstName" />, { firstName });
    await userEvent.type(screen.getByLabelText(/First name/), 'Abcdefgh{Enter}');
    expect(screen.getByText('The maximum length allowed is 5')).toBeInTheDocument();
  });

  it('ties the error to the input', async () => {
    renderWithModel(<TextBlock field="firstName" />, { firstName });
    const input = screen.getByLabelText(/First name/);
    await userEvent.type(input, '{Enter}');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Value is required');
  });

  it('shows only the first error', async () => {
    const { container } = renderWithModel(<TextBlock field="firstName" />, { firstName });
    await userEvent.type(screen.getByLabelText(/First name/), 'Ab~~~~x{Enter}');
    const errors = container.querySelectorAll('.invalid-feedback');
    expect([...errors].map((error) => error.textContent)).toEqual([
      'The maximum length allowed is 5',
    ]);
  });

  it('shows an error two rules give once', async () => {
    const { container } = renderWithModel(<TextBlock field="code" />, {
      code: {
        label: 'Code',
        validations: [
          { type: 'regularExpression', pattern: '^a', message: 'Bad code' },
          { type: 'regularExpression', pattern: '^b', message: 'Bad code' },
        ],
      },
    });
    await userEvent.type(screen.getByLabelText('Code'), 'x{Enter}');
    expect(container.querySelectorAll('.invalid-feedback')).toHaveLength(1);
  });

  it('stores an emptied field as null', async () => {
    const { model } = renderWithModel(<TextBlock field="firstName" />, { firstName });
    const input = screen.getByLabelText(/First name/);
    await userEvent.type(input, 'A');
    await userEvent.clear(input);
    expect(model().fields.firstName).toBeNull();
  });

  it('applies the field mask', async () => {
    const { model } = renderWithModel(<TextBlock field="phone" />, {
      phone: { label: 'Phone', maskName: 'usPhone' },
    });
    await userEvent.type(screen.getByLabelText('Phone'), '5035550147');
    expect(model().fields.phone).toBe('(503) 555-0147');
  });

  it('refuses a half-typed phone number when the field is left, saying what a whole one looks like', async () => {
    renderWithModel(<TextBlock field="phone" />, {
      phone: { label: 'Phone', maskName: 'usPhone' },
    });
    const input = screen.getByLabelText('Phone');
    await userEvent.type(input, '12345');
    await userEvent.tab();
    expect(input).toHaveValue('(123) 45');
    expect(input).toHaveAccessibleDescription(
      'Enter the complete value in this format: (213) 555-0147',
    );
  });

  it('refuses a ZIP+4 cut short', async () => {
    renderWithModel(<TextBlock field="zip" />, { zip: { label: 'ZIP', maskName: 'usZip' } });
    const input = screen.getByLabelText('ZIP');
    await userEvent.type(input, '1234567{Enter}');
    expect(input).toHaveValue('12345-67');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('uses a fulfilled dependency mask override', async () => {
    const { model } = renderWithModel(<TextBlock field="phone" />, {
      country: { defaultValue: 'CA' },
      phone: {
        label: 'Phone',
        maskName: 'usPhone',
        dependencies: [
          {
            conditions: [{ property: 'country', comparison: 'IsNotEqualTo', value: 'US' }],
            hideWhenUnfulfilled: false,
            resetWhenUnfulfilled: false,
            maskOverride: 'internationalPhone',
          },
        ],
      },
    });
    // The country has no block here, so it stays empty: not US, the override holds.
    await userEvent.type(screen.getByLabelText('Phone'), '441234567890');
    expect(model().fields.phone).toBe('441234567890');
  });

  it('fills an empty field with its default value', () => {
    const { model } = renderWithModel(<TextBlock field="country" />, {
      country: { label: 'Country', defaultValue: 'US' },
    });
    expect(model().fields.country).toBe('US');
    expect(screen.getByLabelText('Country')).toHaveValue('US');
  });
});
