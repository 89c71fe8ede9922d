import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CheckboxBlock } from '../blocks/checkbox-block';
import { FileBlock } from '../blocks/file-block';
import { SelectBlock } from '../blocks/select-block';
import { TextBlock } from '../blocks/text-block';
import { useModelsStore } from '../stores/models-store';
import { renderWithModel } from '../testing/render-with-model';
import { useFormField, type FormField } from './use-form-field';

const COUNTRIES = [
  { value: 'US', label: 'United States' },
  { value: 'CA', label: 'Canada' },
];

const onlyInUs = (extra: Record<string, unknown> = {}) => ({
  dependencies: [
    {
      conditions: [{ property: 'country', comparison: 'IsEqualTo', value: 'US' }],
      ...extra,
    },
  ],
});

function CountryAndState() {
  return (
    <>
      <SelectBlock field="country" />
      <TextBlock field="state" />
    </>
  );
}

async function chooseCountry(label: string) {
  await userEvent.selectOptions(screen.getByLabelText('Country'), label);
}

describe('useFormField', () => {
  it('marks a field touched when the claimant changes it', async () => {
    const { clientId } = renderWithModel(<TextBlock field="city" />, { city: { label: 'City' } });
    await userEvent.type(screen.getByLabelText('City'), 'X');
    expect(useModelsStore.getState().touched[clientId]?.city).toBe(true);
  });

  it('records a change as ever modified under the model hash', async () => {
    const { model } = renderWithModel(<TextBlock field="city" />, { city: { label: 'City' } });
    await userEvent.type(screen.getByLabelText('City'), 'X');
    expect(useModelsStore.getState().everModified[model().metadataHash]?.city).toBe(true);
  });

  it('keeps a value already there instead of the default', () => {
    renderWithModel(<TextBlock field="city" />, {
      city: { label: 'City', defaultValue: 'Austin' },
    });
    // The harness loads the configs, then renders: set a value before a second mount.
    const { clientId } = useModelsStore.getState().saved[0]!;
    act(() => useModelsStore.getState().setFieldValue(clientId, 'city', 'Boise'));
    render(<TextBlock field="city" clientId={clientId} />);
    expect(useModelsStore.getState().getModel(clientId).fields.city).toBe('Boise');
  });

  it('lets the claimant empty a field that has a default', async () => {
    const { model } = renderWithModel(<TextBlock field="city" />, {
      city: { label: 'City', defaultValue: 'Austin' },
    });
    await userEvent.clear(screen.getByLabelText('City'));
    expect(model().fields.city).toBeNull();
  });

  it('starts an untouched checkbox as false', () => {
    const { model } = renderWithModel(<CheckboxBlock field="agree" />, {
      agree: { label: 'I agree', kind: 'checkbox' },
    });
    expect(model().fields.agree).toBe(false);
  });

  it('hides a field whose dependency is unmet', async () => {
    renderWithModel(<CountryAndState />, {
      country: { label: 'Country', kind: 'select', options: COUNTRIES, defaultValue: 'US' },
      state: { label: 'State', ...onlyInUs() },
    });
    expect(screen.getByLabelText('State')).toBeInTheDocument();
    await chooseCountry('Canada');
    expect(screen.queryByLabelText('State')).not.toBeInTheDocument();
  });

  it('resets a field to null when its dependency stops holding', async () => {
    const { model } = renderWithModel(<CountryAndState />, {
      country: { label: 'Country', kind: 'select', options: COUNTRIES, defaultValue: 'US' },
      state: { label: 'State', ...onlyInUs() },
    });
    await userEvent.type(screen.getByLabelText('State'), 'TX');
    await chooseCountry('Canada');
    expect(model().fields.state).toBeNull();
  });

  it('resets a field to its reset value when configured', async () => {
    const { model } = renderWithModel(<CountryAndState />, {
      country: { label: 'Country', kind: 'select', options: COUNTRIES, defaultValue: 'US' },
      state: { label: 'State', ...onlyInUs({ resetValue: 'n/a' }) },
    });
    await userEvent.type(screen.getByLabelText('State'), 'TX');
    await chooseCountry('Canada');
    expect(model().fields.state).toBe('n/a');
  });

  it('keeps the value of a dependency that does not reset', async () => {
    const { model } = renderWithModel(<CountryAndState />, {
      country: { label: 'Country', kind: 'select', options: COUNTRIES, defaultValue: 'US' },
      state: { label: 'State', ...onlyInUs({ resetWhenUnfulfilled: false }) },
    });
    await userEvent.type(screen.getByLabelText('State'), 'TX');
    await chooseCountry('Canada');
    expect(model().fields.state).toBe('TX');
  });

  it('never resets the mailing city (docs/behaviour.md#mailing-address)', async () => {
    const { model } = renderWithModel(
      <>
        <SelectBlock field="country" />
        <TextBlock field="mailingCity" />
      </>,
      {
        country: { label: 'Country', kind: 'select', options: COUNTRIES, defaultValue: 'US' },
        mailingCity: { label: 'City', ...onlyInUs() },
      },
    );
    await userEvent.type(screen.getByLabelText('City'), 'Austin');
    await chooseCountry('Canada');
    expect(model().fields.mailingCity).toBe('Austin');
  });

  it('disables instead of hiding when configured', async () => {
    renderWithModel(<CountryAndState />, {
      country: { label: 'Country', kind: 'select', options: COUNTRIES, defaultValue: 'US' },
      state: {
        label: 'State',
        ...onlyInUs({ hideWhenUnfulfilled: false, disableWhenUnfulfilled: true }),
      },
    });
    await chooseCountry('Canada');
    expect(screen.getByLabelText('State')).toBeDisabled();
  });

  it('resets again when the dependency holds once more only if configured', async () => {
    const { model, clientId } = renderWithModel(<CountryAndState />, {
      country: { label: 'Country', kind: 'select', options: COUNTRIES, defaultValue: 'US' },
      state: {
        label: 'State',
        ...onlyInUs({ resetWhenUnfulfilled: false, resetWhenFulfilled: true, resetValue: 'fresh' }),
      },
    });
    await userEvent.type(screen.getByLabelText('State'), 'TX');
    await chooseCountry('Canada');
    expect(model().fields.state).toBe('TX');
    await chooseCountry('United States');
    expect(useModelsStore.getState().getModel(clientId).fields.state).toBe('fresh');
  });

  it('does not reset when the dependency holds again by default', async () => {
    const { model } = renderWithModel(<CountryAndState />, {
      country: { label: 'Country', kind: 'select', options: COUNTRIES, defaultValue: 'US' },
      state: { label: 'State', ...onlyInUs({ resetWhenUnfulfilled: false }) },
    });
    await userEvent.type(screen.getByLabelText('State'), 'TX');
    await chooseCountry('Canada');
    await chooseCountry('United States');
    expect(model().fields.state).toBe('TX');
  });

  it('styles a required field as required', () => {
    renderWithModel(<TextBlock field="city" />, {
      city: { label: 'City', validations: [{ type: 'required' }] },
    });
    expect(screen.getByLabelText(/City/)).toBeRequired();
  });

  it('styles a conditionally required field as required while its condition holds', async () => {
    renderWithModel(<CountryAndState />, {
      country: { label: 'Country', kind: 'select', options: COUNTRIES, defaultValue: 'US' },
      state: {
        label: 'State',
        validations: [
          {
            type: 'requiredIf',
            condition: { property: 'country', comparison: 'IsEqualTo', value: 'US' },
          },
        ],
      },
    });
    expect(screen.getByLabelText(/State/)).toBeRequired();
    await chooseCountry('Canada');
    expect(screen.getByLabelText(/State/)).not.toBeRequired();
  });

  it('leaves out required styling when the config turns it off', () => {
    renderWithModel(<TextBlock field="city" />, {
      city: { label: 'City', disableRequiredStyling: true, validations: [{ type: 'required' }] },
    });
    expect(screen.getByLabelText('City')).not.toBeRequired();
  });

  it('refuses a dependency on a file field', () => {
    let failure: unknown;
    function Probe() {
      try {
        useFormField('description', { clientId: useModelsStore.getState().saved[0]!.clientId });
      } catch (error) {
        failure = error;
      }
      return null;
    }
    renderWithModel(<Probe />, {
      upload: { label: 'File', kind: 'file' },
      description: {
        label: 'Description',
        dependencies: [{ conditions: [{ property: 'upload', comparison: 'IsNotEqualTo' }] }],
      },
    });
    expect(String(failure)).toMatch(/depends on the file field "upload"/);
  });

  it('refuses dependencies on the file field itself', () => {
    expect(() =>
      renderWithModel(<FileBlock field="upload" />, {
        kind: { label: 'Kind' },
        upload: {
          label: 'File',
          kind: 'file',
          dependencies: [{ conditions: [{ property: 'kind', comparison: 'IsNotEqualTo' }] }],
        },
      }),
    ).toThrow(/file field "upload" has dependencies/);
  });

  it('gives the first error of a field only', async () => {
    let field: FormField | null = null;
    function Probe() {
      field = useFormField('code', { clientId: useModelsStore.getState().saved[0]!.clientId });
      return null;
    }
    renderWithModel(<Probe />, {
      code: {
        label: 'Code',
        validations: [{ type: 'required' }, { type: 'regularExpression', pattern: '^x$' }],
      },
    });
    act(() => {
      field!.commit();
    });
    expect(field!.error).toBe('Value is required');
  });

  it('refuses over 500 characters in a text field without a maxLength rule', async () => {
    renderWithModel(<TextBlock field="notes" />, { notes: { label: 'Notes' } });
    const input = screen.getByLabelText('Notes');
    await userEvent.click(input);
    await userEvent.paste('a'.repeat(501));
    await userEvent.tab();
    expect(input).toHaveAccessibleDescription('The maximum length allowed is 500');
  });

  it('refuses a mailing country the site does not list, and takes one it lists', () => {
    let field: FormField | null = null;
    const { clientId } = renderWithModel(<CountryProbe onField={(next) => (field = next)} />, {
      mailingCountry: { label: 'Country', kind: 'select' },
    });
    const store = useModelsStore.getState();
    act(() => store.setFieldValue(clientId, 'mailingCountry', '<script>alert(1)</script>'));
    act(() => {
      field!.commit();
    });
    expect(field!.error).toBe('Choose one of the options offered');
    act(() => store.setFieldValue(clientId, 'mailingCountry', 'GB'));
    act(() => {
      field!.commit();
    });
    expect(field!.error).toBeNull();
  });

  it('gives one message when a declared maxLength and the kind check agree', () => {
    let field: FormField | null = null;
    function Probe() {
      field = useFormField('initial', { clientId: useModelsStore.getState().saved[0]!.clientId });
      return null;
    }
    const { clientId } = renderWithModel(<Probe />, {
      initial: { label: 'Initial', validations: [{ type: 'maxLength', max: 1 }] },
    });
    act(() => useModelsStore.getState().setFieldValue(clientId, 'initial', 'AB'));
    act(() => {
      field!.commit();
    });
    expect(useModelsStore.getState().errors[clientId]?.initial).toEqual([
      'The maximum length allowed is 1',
    ]);
  });
});

function CountryProbe({ onField }: { onField: (field: FormField) => void }) {
  onField(
    useFormField('mailingCountry', { clientId: useModelsStore.getState().saved[0]!.clientId }),
  );
  return null;
}
