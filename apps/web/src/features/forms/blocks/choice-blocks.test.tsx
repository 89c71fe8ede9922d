import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  allowedOptionValues,
  fieldConfigSchema,
  NONE_OPTION_VALUE,
} from '@claims/core/case/field-config';
import { useApplicationStore } from '../../../stores/application-store';
import { renderWithModel } from '../testing/render-with-model';
import { CheckboxBlock } from './checkbox-block';
import { CheckboxGroupBlock } from './checkbox-group-block';
import { HybridRadioTextBlock } from './hybrid-radio-text-block';
import { RadioBlock } from './radio-block';
import { SelectBlock } from './select-block';
import { TextareaBlock, TEXTAREA_ROWS } from './textarea-block';

const yesNo = [
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
];

afterEach(() => {
  useApplicationStore.setState((state) => ({
    payPalSettings: { ...state.payPalSettings, enabled: false },
  }));
});

describe('CheckboxBlock', () => {
  it('is false until ticked', async () => {
    const { model } = renderWithModel(<CheckboxBlock field="agree" />, {
      agree: { kind: 'checkbox', label: 'I agree' },
    });
    expect(model().fields.agree).toBe(false);
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree' }));
    expect(model().fields.agree).toBe(true);
  });

  it.each([
    ['required', { type: 'required' }],
    [
      'requiredIf',
      { type: 'requiredIf', condition: { property: 'other', comparison: 'IsEqualTo' } },
    ],
    [
      'nestedRequiredIf',
      {
        type: 'nestedRequiredIf',
        operator: 'Or',
        conditions: [
          { property: 'other', comparison: 'IsEqualTo' },
          { property: 'other', comparison: 'IsEqualTo', value: 'x' },
        ],
      },
    ],
    [
      'requiredIfOtherPropertyMatchesRegex',
      { type: 'requiredIfOtherPropertyMatchesRegex', property: 'other', pattern: '^$' },
    ],
  ])('is required under a %s rule', (_name, rule) => {
    renderWithModel(<CheckboxBlock field="agree" />, {
      other: {},
      agree: { kind: 'checkbox', label: 'I agree', validations: [rule] },
    });
    expect(screen.getByRole('checkbox', { name: /I agree/ })).toBeRequired();
  });

  it('shows the first error beneath itself when unticked', async () => {
    renderWithModel(<CheckboxBlock field="agree" />, {
      agree: { kind: 'checkbox', label: 'I agree', validations: [{ type: 'required' }] },
    });
    const box = screen.getByRole('checkbox', { name: /I agree/ });
    await userEvent.click(box);
    await userEvent.click(box);
    expect(box).toHaveAccessibleDescription('Value is required');
  });
});

describe('CheckboxGroupBlock', () => {
  it('groups its checkboxes under the legend', () => {
    renderWithModel(<CheckboxGroupBlock legend="Problems you noticed" fields={['a', 'b']} />, {
      a: { kind: 'checkbox', label: 'Shudder' },
      b: { kind: 'checkbox', label: 'Slipping' },
    });
    const group = screen.getByRole('group', { name: 'Problems you noticed' });
    expect(group).toContainElement(screen.getByRole('checkbox', { name: 'Shudder' }));
    expect(group).toContainElement(screen.getByRole('checkbox', { name: 'Slipping' }));
  });
});

describe('SelectBlock', () => {
  it('offers the field options after an empty choice', () => {
    renderWithModel(<SelectBlock field="kind" />, {
      kind: { kind: 'select', label: 'Kind', options: [{ value: 'A', label: 'Alpha' }] },
    });
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Select one', 'Alpha']);
  });

  it('validates when the choice changes', async () => {
    renderWithModel(<SelectBlock field="kind" />, {
      kind: {
        kind: 'select',
        label: 'Kind',
        options: [{ value: 'A', label: 'Alpha' }],
        validations: [{ type: 'required' }],
      },
    });
    const select = screen.getByRole('combobox', { name: /Kind/ });
    await userEvent.selectOptions(select, 'Alpha');
    await userEvent.selectOptions(select, 'Select one');
    expect(select).toHaveAccessibleDescription('Value is required');
  });

  it('takes its options from the block when the config has none', () => {
    renderWithModel(
      <SelectBlock field="state" options={[{ value: 'DC', label: 'District of Columbia' }]} />,
      {
        state: { kind: 'select', label: 'State' },
      },
    );
    expect(screen.getByRole('option', { name: 'District of Columbia' })).toBeInTheDocument();
  });

  it('refuses a select without options', () => {
    expect(() =>
      renderWithModel(<SelectBlock field="state" />, { state: { label: 'State' } }),
    ).toThrow('select field "state" has no options in its config or its block');
  });
});

describe('RadioBlock', () => {
  it('is a radio group named by the field label', () => {
    renderWithModel(<RadioBlock field="owned" />, {
      owned: { kind: 'radio', label: 'Did you own it?', options: yesNo },
    });
    expect(screen.getByRole('radiogroup', { name: 'Did you own it?' })).toBeInTheDocument();
  });

  it('tells screen readers that an answer is required', () => {
    renderWithModel(<RadioBlock field="owned" />, {
      owned: {
        kind: 'radio',
        label: 'Did you own it?',
        options: yesNo,
        validations: [{ type: 'required' }],
      },
    });
    expect(screen.getByRole('radiogroup', { name: 'Did you own it?' })).toHaveAttribute(
      'aria-required',
      'true',
    );
  });

  it('does not call an optional question required', () => {
    renderWithModel(<RadioBlock field="owned" />, {
      owned: { kind: 'radio', label: 'Did you own it?', options: yesNo },
    });
    expect(screen.getByRole('radiogroup', { name: 'Did you own it?' })).not.toHaveAttribute(
      'aria-required',
    );
  });

  it('marks the group invalid and describes the group and each radio button by the error', async () => {
    renderWithModel(<RadioBlock field="owned" />, {
      owned: {
        kind: 'radio',
        label: 'Did you own it?',
        options: yesNo,
        validations: [{ type: 'regularExpression', pattern: '^Yes$', message: 'Only owners' }],
      },
    });
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    const group = screen.getByRole('radiogroup', { name: 'Did you own it?' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Only owners');
    for (const radio of screen.getAllByRole('radio')) {
      expect(radio).toHaveAccessibleDescription('Only owners');
    }
  });

  it('stores the chosen value', async () => {
    const { model } = renderWithModel(<RadioBlock field="owned" />, {
      owned: { kind: 'radio', label: 'Did you own it?', options: yesNo },
    });
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(model().fields.owned).toBe('No');
  });

  it('offers the none option when the config has one', async () => {
    const { model } = renderWithModel(<RadioBlock field="repairs" />, {
      repairs: {
        kind: 'radio',
        label: 'Repairs?',
        options: yesNo,
        noneOption: { label: 'Not sure' },
      },
    });
    await userEvent.click(screen.getByRole('radio', { name: 'Not sure' }));
    expect(model().fields.repairs).toBe(NONE_OPTION_VALUE);
  });

  it('stores for the none choice a value the server accepts for that field', async () => {
    const repairs = {
      key: 'repairs',
      kind: 'radio',
      label: 'Repairs?',
      options: yesNo,
      noneOption: { label: 'Not sure' },
    };
    const { model } = renderWithModel(<RadioBlock field="repairs" />, { repairs });
    await userEvent.click(screen.getByRole('radio', { name: 'Not sure' }));
    expect(allowedOptionValues(fieldConfigSchema.parse(repairs))).toContain(model().fields.repairs);
  });

  it('offers a PayPal option only while the PayPal election is enabled', () => {
    const fields = {
      method: {
        kind: 'radio',
        label: 'Payment',
        options: [
          { value: 'Check', label: 'Check' },
          { value: 'PayPal', label: 'PayPal' },
        ],
      },
    };
    renderWithModel(<RadioBlock field="method" requirePayPal={['PayPal']} />, fields);
    expect(screen.queryByRole('radio', { name: 'PayPal' })).not.toBeInTheDocument();
  });

  it('offers the PayPal option when the election is enabled', () => {
    useApplicationStore.setState((state) => ({
      payPalSettings: { ...state.payPalSettings, enabled: true },
    }));
    renderWithModel(<RadioBlock field="method" requirePayPal={['PayPal']} />, {
      method: { kind: 'radio', label: 'Payment', options: [{ value: 'PayPal', label: 'PayPal' }] },
    });
    expect(screen.getByRole('radio', { name: 'PayPal' })).toBeInTheDocument();
  });
});

describe('HybridRadioTextBlock', () => {
  const fields = {
    from: {
      kind: 'hybridRadioText',
      label: 'Where from?',
      options: [
        { value: 'Dealer', label: 'A dealer' },
        { value: 'Other', label: 'Somewhere else' },
      ],
      validations: [{ type: 'required' }],
    },
  };

  it('is a radio group that tells screen readers an answer is required', () => {
    renderWithModel(<HybridRadioTextBlock field="from" />, fields);
    expect(screen.getByRole('radiogroup', { name: 'Where from?' })).toHaveAttribute(
      'aria-required',
      'true',
    );
  });

  it('describes each radio button by the error of an empty free-text answer', async () => {
    renderWithModel(<HybridRadioTextBlock field="from" textLabel="Please describe" />, fields);
    await userEvent.click(screen.getByRole('radio', { name: 'Somewhere else' }));
    await userEvent.click(screen.getByRole('textbox', { name: 'Please describe' }));
    await userEvent.tab();
    expect(screen.getByRole('radiogroup', { name: 'Where from?' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByRole('radio', { name: 'A dealer' })).toHaveAccessibleDescription(
      'Value is required',
    );
  });

  it('stores a fixed choice as its value', async () => {
    const { model } = renderWithModel(<HybridRadioTextBlock field="from" />, fields);
    await userEvent.click(screen.getByRole('radio', { name: 'A dealer' }));
    expect(model().fields.from).toBe('Dealer');
  });

  it('stores the text typed for the free-text choice', async () => {
    const { model } = renderWithModel(
      <HybridRadioTextBlock field="from" textLabel="Please describe" />,
      fields,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Somewhere else' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Please describe' }), 'An auction');
    expect(model().fields.from).toBe('An auction');
  });

  it('brings back the text typed earlier when the free-text choice is chosen again', async () => {
    const { model } = renderWithModel(
      <HybridRadioTextBlock field="from" textLabel="Please describe" />,
      fields,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Somewhere else' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Please describe' }), 'An auction');
    await userEvent.click(screen.getByRole('radio', { name: 'A dealer' }));
    expect(model().fields.from).toBe('Dealer');
    await userEvent.click(screen.getByRole('radio', { name: 'Somewhere else' }));
    expect(screen.getByRole('textbox', { name: 'Please describe' })).toHaveValue('An auction');
    expect(model().fields.from).toBe('An auction');
  });

  it('controls the free-text input only while it is shown', async () => {
    renderWithModel(<HybridRadioTextBlock field="from" textLabel="Please describe" />, fields);
    const other = screen.getByRole('radio', { name: 'Somewhere else' });
    expect(other).not.toHaveAttribute('aria-controls');
    await userEvent.click(other);
    expect(other).toHaveAttribute(
      'aria-controls',
      screen.getByRole('textbox', { name: 'Please describe' }).id,
    );
  });

  it('asks for the text when the free-text choice is left empty', async () => {
    renderWithModel(<HybridRadioTextBlock field="from" textLabel="Please describe" />, fields);
    await userEvent.click(screen.getByRole('radio', { name: 'Somewhere else' }));
    await userEvent.click(screen.getByRole('textbox', { name: 'Please describe' }));
    await userEvent.tab();
    expect(screen.getByText('Value is required')).toBeInTheDocument();
  });
});

describe('TextareaBlock', () => {
  it('is five rows high', () => {
    renderWithModel(<TextareaBlock field="notes" />, {
      notes: { kind: 'textarea', label: 'Notes' },
    });
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAttribute(
      'rows',
      String(TEXTAREA_ROWS),
    );
    expect(TEXTAREA_ROWS).toBe(5);
  });

  it('validates when left', async () => {
    renderWithModel(<TextareaBlock field="notes" />, {
      notes: { kind: 'textarea', label: 'Notes', validations: [{ type: 'maxLength', max: 3 }] },
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Notes' }), 'abcd');
    await userEvent.tab();
    expect(screen.getByText('The maximum length allowed is 3')).toBeInTheDocument();
  });
});
