import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, US_STATES } from '@claims/core/case/address-options';
import { ADDRESS_FIELDS } from '@claims/core/journeys/journey-blocks';
import { buildSubmission } from '../api/submit';
import { demoModelConfigs } from '../testing/demo-case';
import { renderWithModel } from '../testing/render-with-model';
import { AddressInputBlock } from './address-input-block';

const fields = {
  [ADDRESS_FIELDS.country]: { kind: 'select', label: 'Country', defaultValue: 'US' },
  [ADDRESS_FIELDS.streetLine1]: { label: 'Street address' },
  [ADDRESS_FIELDS.streetLine2]: { label: 'Apartment' },
  [ADDRESS_FIELDS.city]: { label: 'City' },
  [ADDRESS_FIELDS.subDivision]: { kind: 'select', label: 'State' },
  [ADDRESS_FIELDS.postalCode]: { label: 'ZIP code', maskName: 'usZip' },
  [ADDRESS_FIELDS.subDivisionNonUS]: { label: 'Region' },
  [ADDRESS_FIELDS.postalCodeNonUS]: { label: 'Postal code', maskName: 'nonUsZip' },
};

describe('AddressInputBlock', () => {
  it('uses the US layout: a state select and a ZIP code', () => {
    renderWithModel(<AddressInputBlock international={false} />, fields);
    expect(screen.getByRole('combobox', { name: 'State' })).toBeInTheDocument();
    expect(screen.getByLabelText('ZIP code')).toBeInTheDocument();
    expect(screen.queryByLabelText('Region')).not.toBeInTheDocument();
  });

  it('lists the states, DC, the territories and the military codes', () => {
    renderWithModel(<AddressInputBlock international={false} />, fields);
    const values = US_STATES.map((state) => state.value);
    expect(values).toEqual(
      expect.arrayContaining(['DC', 'PR', 'GU', 'VI', 'AS', 'MP', 'AA', 'AP', 'AE']),
    );
    expect(values.length).toBeGreaterThanOrEqual(50 + 1 + 5 + 3);
    expect(screen.getByRole('option', { name: 'District of Columbia' })).toBeInTheDocument();
  });

  it('applies the ZIP mask', async () => {
    const { model } = renderWithModel(<AddressInputBlock international={false} />, fields);
    await userEvent.type(screen.getByLabelText('ZIP code'), '972084417');
    expect(model().fields[ADDRESS_FIELDS.postalCode]).toBe('97208-4417');
  });

  it('offers no country choice without international support', () => {
    const { model } = renderWithModel(<AddressInputBlock international={false} />, fields);
    expect(screen.queryByRole('combobox', { name: 'Country' })).not.toBeInTheDocument();
    expect(model().fields[ADDRESS_FIELDS.country]).toBe('US');
  });

  it('offers about 190 countries with international support, the US first', () => {
    renderWithModel(<AddressInputBlock international />, fields);
    const options = screen
      .getAllByRole('option')
      .filter(
        (option) => option.closest('select')?.getAttribute('name') === ADDRESS_FIELDS.country,
      );
    expect(options.length - 1).toBe(COUNTRY_CODES.length);
    expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(185);
    expect(options[1]).toHaveValue('US');
  });

  it('switches to the non-US layout', async () => {
    renderWithModel(<AddressInputBlock international />, fields);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'CA');
    expect(screen.getByLabelText('Region')).toBeInTheDocument();
    expect(screen.getByLabelText('Postal code')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'State' })).not.toBeInTheDocument();
  });
});

describe('AddressInputBlock with the demo case address', () => {
  const claimantInfo = demoModelConfigs().find(
    (config) =>
      config.metadata.formType === 'Standard' && config.metadata.dtoMapping === 'ClaimantInfo',
  );
  const demoFields = Object.fromEntries(
    Object.values(claimantInfo?.fields ?? {}).map((field) => [field.key, field]),
  );
  const state = () => screen.getByRole('combobox', { name: /Mailing Sub Division$/ });
  const zip = () => screen.getByRole('textbox', { name: /Mailing Postal Code$/ });
  const country = () => screen.getByRole('combobox', { name: /Mailing Country/ });

  async function addressInTexasThenCanada() {
    const harness = renderWithModel(<AddressInputBlock international />, demoFields);
    await userEvent.selectOptions(state(), 'TX');
    await userEvent.type(zip(), '75001');
    await userEvent.selectOptions(country(), 'CA');
    await userEvent.type(
      screen.getByRole('textbox', { name: /Mailing Sub Division Non US/ }),
      'Ontario',
    );
    return harness;
  }

  it('gives back the state and ZIP when the claimant returns to the US', async () => {
    await addressInTexasThenCanada();
    await userEvent.selectOptions(country(), 'US');
    expect(state()).toHaveValue('TX');
    expect(zip()).toHaveValue('75001');
  });

  it('gives back the region when the claimant returns to the other country', async () => {
    await addressInTexasThenCanada();
    await userEvent.selectOptions(country(), 'US');
    await userEvent.selectOptions(country(), 'CA');
    expect(screen.getByRole('textbox', { name: /Mailing Sub Division Non US/ })).toHaveValue(
      'Ontario',
    );
  });

  it('submits only the fields of the layout shown', async () => {
    const { model } = await addressInTexasThenCanada();
    const sent = JSON.parse(
      String(buildSubmission('Standard', 'token', 'en', null).get('claimantInfo')),
    ) as { fields: Record<string, unknown> };
    expect(sent.fields).toMatchObject({
      [ADDRESS_FIELDS.country]: 'CA',
      [ADDRESS_FIELDS.subDivisionNonUS]: 'Ontario',
      [ADDRESS_FIELDS.subDivision]: null,
      [ADDRESS_FIELDS.postalCode]: null,
    });
    expect(model().fields[ADDRESS_FIELDS.subDivision]).toBe('TX');
  });
});
