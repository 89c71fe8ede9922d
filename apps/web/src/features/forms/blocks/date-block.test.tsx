import { act, fireEvent, screen, within } from '@testing-library/react';
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

const when = { kind: 'date', label: 'When', maskName: 'date' };
const stay = { kind: 'date', label: 'Stay' };

async function pickDay(dialog: HTMLElement, name: RegExp) {
  await userEvent.click(within(dialog).getByRole('button', { name }));
}

/** Moves the page as a scroll does, and tells the page it scrolled. */
function scrollPageTo(y: number) {
  const scrollY = vi.spyOn(window, 'scrollY', 'get').mockReturnValue(y);
  try {
    fireEvent.scroll(window);
  } finally {
    scrollY.mockRestore();
  }
}

async function openCalendar() {
  await userEvent.click(screen.getByRole('button', { name: /Choose date/ }));
  // The calendar opens once its code, loaded the first time a calendar is wanted, is there.
  const dialog = await screen.findByRole('dialog', { name: /Choose date/ });
  within(dialog).getByRole('grid');
  return dialog;
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

  it('marks days after today unavailable when the field refuses future dates', async () => {
    renderWithModel(<DateBlock field="when" />, {
      when: {
        kind: 'date',
        label: 'When',
        maskName: 'date',
        validations: [{ type: 'preventFutureDate' }],
      },
    });
    const dialog = await openCalendar();
    expect(within(dialog).getByRole('button', { name: /March 20th, 2024/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('marks the given dates and weekdays unavailable', async () => {
    renderWithModel(
      <DateBlock field="when" disabledDates={['03/05/2024']} disabledWeekdays={[0]} />,
      {
        when: { kind: 'date', label: 'When', maskName: 'date' },
      },
    );
    const dialog = await openCalendar();
    expect(within(dialog).getByRole('button', { name: /March 5th, 2024/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(
      within(dialog).getByRole('button', { name: /Sunday, March 10th, 2024/ }),
    ).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByRole('button', { name: /March 6th, 2024/ })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('allows only the allowed dates when given', async () => {
    renderWithModel(<DateBlock field="when" allowedDates={['03/07/2024']} />, {
      when: { kind: 'date', label: 'When', maskName: 'date' },
    });
    const dialog = await openCalendar();
    expect(within(dialog).getByRole('button', { name: /March 7th, 2024/ })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(within(dialog).getByRole('button', { name: /March 8th, 2024/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
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

  it('closes the calendar when the page scrolls once it has stood still after opening', async () => {
    renderWithModel(<DateBlock field="acquired" />, { acquired: acquisition });
    await openCalendar();
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    scrollPageTo(240);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the calendar open through a scroll already under way when it opened', async () => {
    renderWithModel(<DateBlock field="acquired" />, { acquired: acquisition });
    await openCalendar();
    scrollPageTo(120);
    scrollPageTo(240);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('keeps the calendar open for a scroll event that did not move the page', async () => {
    renderWithModel(<DateBlock field="acquired" />, { acquired: acquisition });
    await openCalendar();
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    fireEvent.scroll(window);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
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

  it('closes the calendar once the end of a range is picked', async () => {
    renderWithModel(<DateBlock field="stay" mode="range" />, { stay });
    const dialog = await openCalendar();
    await pickDay(dialog, /March 4th, 2024/);
    await pickDay(dialog, /March 6th, 2024/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes the calendar when Enter is pressed in the date input', async () => {
    renderWithModel(<DateBlock field="acquired" />, { acquired: acquisition });
    await openCalendar();
    await userEvent.click(screen.getByRole('textbox', { name: /Acquired on/ }));
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('reports a picked unavailable day to onInvalidSelect and keeps the value', async () => {
    const onInvalidSelect = vi.fn();
    const { model } = renderWithModel(
      <DateBlock field="when" disabledDates={['03/05/2024']} onInvalidSelect={onInvalidSelect} />,
      { when },
      { values: { when: '03/04/2024' } },
    );
    const dialog = await openCalendar();
    await pickDay(dialog, /March 5th, 2024/);
    expect(onInvalidSelect).toHaveBeenCalledWith('03/05/2024');
    expect(model().fields.when).toBe('03/04/2024');
  });

  it('keeps the calendar open after a refused pick', async () => {
    renderWithModel(<DateBlock field="when" disabledWeekdays={[0]} />, { when });
    const dialog = await openCalendar();
    await pickDay(dialog, /Sunday, March 10th, 2024/);
    expect(screen.getByRole('dialog', { name: /Choose date/ })).toBeInTheDocument();
  });

  it('marks the field touched when an unavailable day is picked', async () => {
    const { clientId } = renderWithModel(<DateBlock field="when" disabledWeekdays={[0]} />, {
      when,
    });
    const dialog = await openCalendar();
    await pickDay(dialog, /Sunday, March 10th, 2024/);
    expect(useModelsStore.getState().touched[clientId]?.when).toBe(true);
  });

  it('reports a day before minDate to onInvalidSelect', async () => {
    const onInvalidSelect = vi.fn();
    const { model } = renderWithModel(
      <DateBlock field="when" minDate="03/10/2024" onInvalidSelect={onInvalidSelect} />,
      { when },
    );
    const dialog = await openCalendar();
    await pickDay(dialog, /March 5th, 2024/);
    expect(onInvalidSelect).toHaveBeenCalledWith('03/05/2024');
    expect(model().fields.when).toBeNull();
  });

  it('reports a day missing from the allowed dates to onInvalidSelect', async () => {
    const onInvalidSelect = vi.fn();
    const { model } = renderWithModel(
      <DateBlock field="when" allowedDates={['03/07/2024']} onInvalidSelect={onInvalidSelect} />,
      { when },
    );
    const dialog = await openCalendar();
    await pickDay(dialog, /March 8th, 2024/);
    expect(onInvalidSelect).toHaveBeenCalledWith('03/08/2024');
    expect(model().fields.when).toBeNull();
  });

  it('keeps picked days joined by ";" in multiple mode', async () => {
    const { model } = renderWithModel(<DateBlock field="when" mode="multiple" />, { when: stay });
    const dialog = await openCalendar();
    await pickDay(dialog, /March 4th, 2024/);
    await pickDay(dialog, /March 6th, 2024/);
    expect(model().fields.when).toBe('03/04/2024;03/06/2024');
  });

  it('refuses a day beyond the multi-date limit', async () => {
    const onInvalidSelect = vi.fn();
    const { model } = renderWithModel(
      <DateBlock
        field="when"
        mode="multiple"
        multiDatesLimit={2}
        onInvalidSelect={onInvalidSelect}
      />,
      { when: stay },
      { values: { when: '03/04/2024;03/05/2024' } },
    );
    const dialog = await openCalendar();
    await pickDay(dialog, /March 6th, 2024/);
    expect(onInvalidSelect).toHaveBeenCalledWith('03/06/2024');
    expect(model().fields.when).toBe('03/04/2024;03/05/2024');
  });

  it('still unpicks a day when the multi-date limit is reached', async () => {
    const { model } = renderWithModel(
      <DateBlock field="when" mode="multiple" multiDatesLimit={2} />,
      { when: stay },
      { values: { when: '03/04/2024;03/05/2024' } },
    );
    const dialog = await openCalendar();
    await pickDay(dialog, /March 5th, 2024/);
    expect(model().fields.when).toBe('03/04/2024');
  });

  it('refuses a range shorter than minRange', async () => {
    const onInvalidSelect = vi.fn();
    const { model } = renderWithModel(
      <DateBlock field="stay" mode="range" minRange={3} onInvalidSelect={onInvalidSelect} />,
      { stay },
      { values: { stay: '03/04/2024' } },
    );
    const dialog = await openCalendar();
    await pickDay(dialog, /March 6th, 2024/);
    expect(onInvalidSelect).toHaveBeenCalledWith('03/06/2024');
    expect(model().fields.stay).toBe('03/04/2024');
  });

  it('refuses a range longer than maxRange', async () => {
    const onInvalidSelect = vi.fn();
    const { model } = renderWithModel(
      <DateBlock field="stay" mode="range" maxRange={3} onInvalidSelect={onInvalidSelect} />,
      { stay },
      { values: { stay: '03/04/2024' } },
    );
    const dialog = await openCalendar();
    await pickDay(dialog, /March 10th, 2024/);
    expect(onInvalidSelect).toHaveBeenCalledWith('03/10/2024');
    expect(model().fields.stay).toBe('03/04/2024');
  });

  it('accepts a range between minRange and maxRange nights', async () => {
    const { model } = renderWithModel(
      <DateBlock field="stay" mode="range" minRange={2} maxRange={3} />,
      { stay },
      { values: { stay: '03/04/2024' } },
    );
    const dialog = await openCalendar();
    await pickDay(dialog, /March 7th, 2024/);
    expect(model().fields.stay).toBe('03/04/2024 - 03/07/2024');
  });

  it('moves only the start of a range whose end is fixed', async () => {
    const { model } = renderWithModel(
      <DateBlock field="stay" mode="range" fixedEnd />,
      { stay },
      { values: { stay: '03/04/2024 - 03/10/2024' } },
    );
    const dialog = await openCalendar();
    await pickDay(dialog, /March 6th, 2024/);
    expect(model().fields.stay).toBe('03/06/2024 - 03/10/2024');
  });

  it('reports a pick after a fixed end to onInvalidFixedRange and keeps the range', async () => {
    const onInvalidFixedRange = vi.fn();
    const { model } = renderWithModel(
      <DateBlock field="stay" mode="range" fixedEnd onInvalidFixedRange={onInvalidFixedRange} />,
      { stay },
      { values: { stay: '03/04/2024 - 03/10/2024' } },
    );
    const dialog = await openCalendar();
    await pickDay(dialog, /March 12th, 2024/);
    expect(onInvalidFixedRange).toHaveBeenCalledWith('03/12/2024');
    expect(model().fields.stay).toBe('03/04/2024 - 03/10/2024');
  });

  it('reports a pick before a fixed start to onInvalidFixedRange and keeps the range', async () => {
    const onInvalidFixedRange = vi.fn();
    const { model } = renderWithModel(
      <DateBlock field="stay" mode="range" fixedStart onInvalidFixedRange={onInvalidFixedRange} />,
      { stay },
      { values: { stay: '03/04/2024 - 03/10/2024' } },
    );
    const dialog = await openCalendar();
    await pickDay(dialog, /March 2nd, 2024/);
    expect(onInvalidFixedRange).toHaveBeenCalledWith('03/02/2024');
    expect(model().fields.stay).toBe('03/04/2024 - 03/10/2024');
  });

  it('marks the field touched when a pick would move a fixed start', async () => {
    const { clientId } = renderWithModel(
      <DateBlock field="stay" mode="range" fixedStart />,
      { stay },
      { values: { stay: '03/04/2024 - 03/10/2024' } },
    );
    const dialog = await openCalendar();
    await pickDay(dialog, /March 2nd, 2024/);
    expect(useModelsStore.getState().touched[clientId]?.stay).toBe(true);
  });

  it('refuses a pick on the fixed start itself', async () => {
    const onInvalidSelect = vi.fn();
    const { model } = renderWithModel(
      <DateBlock field="stay" mode="range" fixedStart onInvalidSelect={onInvalidSelect} />,
      { stay },
      { values: { stay: '03/04/2024 - 03/10/2024' } },
    );
    const dialog = await openCalendar();
    await pickDay(dialog, /March 4th, 2024/);
    expect(onInvalidSelect).toHaveBeenCalledWith('03/04/2024');
    expect(model().fields.stay).toBe('03/04/2024 - 03/10/2024');
  });

  it('refuses a fixed start outside range mode', () => {
    expect(() => renderWithModel(<DateBlock field="when" fixedStart />, { when })).toThrow(
      'fixedStart and fixedEnd need mode "range"; the date field "when" is in mode "single"',
    );
  });

  it('refuses a range with both ends fixed', () => {
    expect(() =>
      renderWithModel(<DateBlock field="stay" mode="range" fixedStart fixedEnd />, { stay }),
    ).toThrow('the date field "stay" has both fixedStart and fixedEnd');
  });

  it('refuses a range value in a multiple-mode field', () => {
    expect(() =>
      renderWithModel(
        <DateBlock field="when" mode="multiple" />,
        { when: stay },
        { values: { when: '03/04/2024 - 03/06/2024' } },
      ),
    ).toThrow(
      'the date field "when" holds "03/04/2024 - 03/06/2024"; mode "multiple" needs dates joined by ";"',
    );
  });

  it('refuses a list of dates in a range-mode field', () => {
    expect(() =>
      renderWithModel(
        <DateBlock field="stay" mode="range" />,
        { stay },
        { values: { stay: '03/04/2024;03/06/2024' } },
      ),
    ).toThrow('mode "range" needs a start and an end joined by " - "');
  });

  it('refuses several dates in a single-mode field', () => {
    expect(() =>
      renderWithModel(
        <DateBlock field="when" />,
        { when },
        { values: { when: '03/04/2024;03/06/2024' } },
      ),
    ).toThrow('mode "single" needs one MM/dd/yyyy date');
  });

  it('refuses a value that is not text', () => {
    expect(() =>
      renderWithModel(<DateBlock field="when" />, { when }, { values: { when: 5 } }),
    ).toThrow('the date field "when" holds a number value');
  });

  it('refuses a default value shaped for another mode', () => {
    expect(() =>
      renderWithModel(<DateBlock field="stay" mode="range" />, {
        stay: { ...stay, defaultValue: '03/04/2024;03/06/2024' },
      }),
    ).toThrow('mode "range" needs a start and an end joined by " - "');
  });

  it('lets the claimant type a list into a range-mode field', async () => {
    const { model } = renderWithModel(<DateBlock field="stay" mode="range" />, { stay });
    await userEvent.type(screen.getByRole('textbox', { name: /Stay/ }), '03/04/2024;03/06/2024');
    expect(model().fields.stay).toBe('03/04/2024;03/06/2024');
  });
});
