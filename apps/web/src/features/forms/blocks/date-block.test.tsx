import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useModelsStore } from '../stores/models-store';
import { renderWithModel } from '../testing/render-with-model';
import { DateBlock } from './date-block';

const acquisition = {
  kind: 'date',
  label: 'Acquired on',
  maskName: 'date',
  validations: [
    { type: 'required' },
    { type: 'range', dataType: 'DateTime', min: '01/01/2017', max: '12/31/2028' },
  ],
};

async function openCalendar() {
  await userEvent.click(screen.getByRole('button', { name: /Choose date/ }));
  return screen.getByRole('dialog', { name: /Choose date/ });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2024, 2, 15, 12) });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('DateBlock', () => {
  it('shows the mm/dd/yyyy placeholder', () => {
    renderWithModel(<DateBlock field="acquired" />, { acquired: acquisition });
    expect(screen.getByRole('textbox', { name: /Acquired on/ })).toHaveAttribute(
      'placeholder',
      'mm/dd/yyyy',
    );
  });

  it('accepts a typed date through the date mask', async () => {
    const { model } = renderWithModel(<DateBlock field="acquired" />, { acquired: acquisition });
    await userEvent.type(screen.getByRole('textbox', { name: /Acquired on/ }), '03052024');
    expect(model().fields.acquired).toBe('03/05/2024');
  });

  it('validates a typed date on Enter', async () => {
    renderWithModel(<DateBlock field="acquired" />, { acquired: acquisition });
    await userEvent.type(screen.getByRole('textbox', { name: /Acquired on/ }), '01012010{Enter}');
    expect(
      screen.getByText(/between 01\/01\/2017 and 12\/31\/2028|must be between/),
    ).toBeInTheDocument();
  });

  it('applies the picked day at once and closes the calendar', async () => {
    const { model } = renderWithModel(<DateBlock field="acquired" />, { acquired: acquisition });
    const dialog = await openCalendar();
    await userEvent.click(within(dialog).getByRole('button', { name: /March 5th, 2024/ }));
    expect(model().fields.acquired).toBe('03/05/2024');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Acquired on/ })).toHaveFocus();
  });

  it('starts the week on Monday', async () => {
    renderWithModel(<DateBlock field="acquired" />, { acquired: acquisition });
    const dialog = await openCalendar();
    // The weekday row is hidden from screen readers; each day's name says its weekday.
    expect(dialog.querySelector('th')).toHaveAttribute('aria-label', 'Monday');
  });

  it('offers the years 1900 to 2100 without a range rule', async () => {
    renderWithModel(<DateBlock field="when" />, {
      when: { kind: 'date', label: 'When', maskName: 'date' },
    });
    const dialog = await openCalendar();
    const years = within(dialog).getByRole('combobox', { name: /year/i });
    const values = within(years)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(values[0]).toBe('1900');
    expect(values.at(-1)).toBe('2100');
  });

  it('limits the years to the range rule', async () => {
    renderWithModel(<DateBlock field="acquired" />, { acquired: acquisition });
    const dialog = await openCalendar();
    const years = within(dialog).getByRole('combobox', { name: /year/i });
    const values = within(years)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect([values[0], values.at(-1)]).toEqual(['2017', '2028']);
  });

  it('disables days after today when the field refuses future dates', async () => {
    renderWithModel(<DateBlock field="when" />, {
      when: {
        kind: 'date',
        label: 'When',
        maskName: 'date',
        validations: [{ type: 'preventFutureDate' }],
      },
    });
    const dialog = await openCalendar();
    expect(within(dialog).getByRole('button', { name: /March 20th, 2024/ })).toBeDisabled();
  });

  it('disables the given dates and weekdays', async () => {
    renderWithModel(
      <DateBlock field="when" disabledDates={['03/05/2024']} disabledWeekdays={[0]} />,
      {
        when: { kind: 'date', label: 'When', maskName: 'date' },
      },
    );
    const dialog = await openCalendar();
    expect(within(dialog).getByRole('button', { name: /March 5th, 2024/ })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: /Sunday, March 10th, 2024/ })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: /March 6th, 2024/ })).toBeEnabled();
  });

  it('allows only the allowed dates when given', async () => {
    renderWithModel(<DateBlock field="when" allowedDates={['03/07/2024']} />, {
      when: { kind: 'date', label: 'When', maskName: 'date' },
    });
    const dialog = await openCalendar();
    expect(within(dialog).getByRole('button', { name: /March 7th, 2024/ })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: /March 8th, 2024/ })).toBeDisabled();
  });

  it('marks the field touched and shows why when a picked day breaks a rule', async () => {
    const { clientId } = renderWithModel(
      <DateBlock field="sold" />,
      {
        bought: { kind: 'date' },
        sold: {
          kind: 'date',
          label: 'Sold on',
          maskName: 'date',
          validations: [{ type: 'endDate', startProperty: 'bought' }],
        },
      },
      { values: { bought: '03/10/2024' } },
    );
    const dialog = await openCalendar();
    await userEvent.click(within(dialog).getByRole('button', { name: /March 5th, 2024/ }));
    expect(useModelsStore.getState().touched[clientId]?.sold).toBe(true);
    expect(screen.getByRole('textbox', { name: /Sold on/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('closes the calendar when the page scrolls', async () => {
    renderWithModel(<DateBlock field="acquired" />, { acquired: acquisition });
    await openCalendar();
    fireEvent.scroll(window);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes the calendar on Escape and returns to its button', async () => {
    renderWithModel(<DateBlock field="acquired" />, { acquired: acquisition });
    await openCalendar();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Choose date/ })).toHaveFocus();
  });

  it('refuses range limits outside range mode', () => {
    expect(() =>
      renderWithModel(<DateBlock field="when" minRange={2} />, {
        when: { kind: 'date', label: 'When' },
      }),
    ).toThrow('minRange and maxRange need mode "range"; the date field "when" is in mode "single"');
  });

  it('keeps a picked range as start - end', async () => {
    const { model } = renderWithModel(<DateBlock field="stay" mode="range" />, {
      stay: { kind: 'date', label: 'Stay' },
    });
    const dialog = await openCalendar();
    await userEvent.click(within(dialog).getByRole('button', { name: /March 4th, 2024/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: /March 6th, 2024/ }));
    expect(model().fields.stay).toBe('03/04/2024 - 03/06/2024');
  });
});
