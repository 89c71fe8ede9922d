import { useContext, useEffect, useMemo } from 'react';
import { useLocalizationStore } from '../../../stores/localization-store';
import { useSettingsStore } from '../../../stores/settings-store';
import { countryOptions, DEFAULT_COUNTRY } from '../data/countries';
import { US_STATES } from '../data/us-states';
import { ModelContext } from '../form-context';
import { useModelsStore } from '../stores/models-store';
import { HiddenBlock } from './hidden-block';
import { SelectBlock } from './select-block';
import { TextBlock } from './text-block';

/** The mailing address fields of SPEC.md section 3. */
export const ADDRESS_FIELDS = {
  streetLine1: 'mailingStreetLine1',
  streetLine2: 'mailingStreetLine2',
  city: 'mailingCity',
  subDivision: 'mailingSubDivision',
  postalCode: 'mailingPostalCode',
  subDivisionNonUS: 'mailingSubDivisionNonUS',
  postalCodeNonUS: 'mailingPostalCodeNonUS',
  country: 'mailingCountry',
} as const;

const US_ONLY = [ADDRESS_FIELDS.subDivision, ADDRESS_FIELDS.postalCode];
const NON_US_ONLY = [ADDRESS_FIELDS.subDivisionNonUS, ADDRESS_FIELDS.postalCodeNonUS];

export interface AddressInputBlockProps {
  clientId?: string;
  /** Overrides the site's international-address setting. */
  international?: boolean;
}

/**
 * The mailing address: a US layout (state select, ZIP mask) and, when the case supports
 * international addresses, a non-US layout (free-text region, non-US postal mask). Switching
 * country empties the other layout's fields so no stale value is sent.
 */
export function AddressInputBlock(props: AddressInputBlockProps) {
  const contextClientId = useContext(ModelContext);
  const clientId = props.clientId ?? contextClientId;
  if (!clientId) throw new Error('the address input has no model; render it inside a FormPage');
  const siteInternational = useSettingsStore(
    (state) => state.site?.internationalAddressSupport ?? false,
  );
  const international = props.international ?? siteInternational;
  const culture = useLocalizationStore((state) => state.activeCulture);
  const country = useModelsStore(
    (state) => state.findModel(clientId)?.fields[ADDRESS_FIELDS.country] ?? null,
  );
  const countries = useMemo(() => countryOptions(culture), [culture]);
  const isUS = !international || country === null || country === DEFAULT_COUNTRY;

  useEffect(() => {
    const store = useModelsStore.getState();
    const model = store.findModel(clientId);
    if (!model) return;
    if (!international && country !== null && country !== DEFAULT_COUNTRY) {
      store.setFieldValue(clientId, ADDRESS_FIELDS.country, DEFAULT_COUNTRY);
    }
    for (const key of isUS ? NON_US_ONLY : US_ONLY) {
      if (key in model.fields && model.fields[key] !== null)
        store.setFieldValue(clientId, key, null);
    }
  }, [clientId, international, country, isUS]);

  return (
    <div className="address-input">
      {international ? (
        <SelectBlock
          clientId={clientId}
          field={ADDRESS_FIELDS.country}
          options={countries}
          autoComplete="country"
        />
      ) : (
        <HiddenBlock clientId={clientId} field={ADDRESS_FIELDS.country} />
      )}
      <TextBlock
        clientId={clientId}
        field={ADDRESS_FIELDS.streetLine1}
        autoComplete="address-line1"
      />
      <TextBlock
        clientId={clientId}
        field={ADDRESS_FIELDS.streetLine2}
        autoComplete="address-line2"
      />
      <div className="row g-3">
        <TextBlock
          className="col-md-5"
          clientId={clientId}
          field={ADDRESS_FIELDS.city}
          autoComplete="address-level2"
        />
        {isUS ? (
          <>
            <SelectBlock
              className="col-md-4"
              clientId={clientId}
              field={ADDRESS_FIELDS.subDivision}
              options={US_STATES}
              autoComplete="address-level1"
            />
            <TextBlock
              className="col-md-3"
              clientId={clientId}
              field={ADDRESS_FIELDS.postalCode}
              autoComplete="postal-code"
              inputMode="numeric"
            />
          </>
        ) : (
          <>
            <TextBlock
              className="col-md-4"
              clientId={clientId}
              field={ADDRESS_FIELDS.subDivisionNonUS}
              autoComplete="address-level1"
            />
            <TextBlock
              className="col-md-3"
              clientId={clientId}
              field={ADDRESS_FIELDS.postalCodeNonUS}
              autoComplete="postal-code"
            />
          </>
        )}
      </div>
    </div>
  );
}
