import { useContext, useEffect, useMemo } from 'react';
import { DEFAULT_COUNTRY, US_STATES } from '@claims/core/case/address-options';
import { ADDRESS_FIELDS } from '@claims/core/journeys/journey-blocks';
import { useLocalizationStore } from '../../../stores/localization-store';
import { useSettingsStore } from '../../../stores/settings-store';
import { countryOptions } from '../data/countries';
import { ModelContext } from '../form-context';
import { useModelsStore } from '../stores/models-store';
import { HiddenBlock } from './hidden-block';
import { SelectBlock } from './select-block';
import { TextBlock } from './text-block';

export interface AddressInputBlockProps {
  clientId?: string;
  /** Overrides the site's international-address setting. */
  international?: boolean;
}

/**
 * The mailing address: a US layout (state select, ZIP mask) and, when the case supports
 * international addresses, a non-US layout (free-text region, non-US postal mask). Switching
 * country swaps the layouts and keeps what was entered in the other one, so a claimant who
 * picks another country by mistake gets their state and ZIP back with the US; only the shown
 * layout's fields are part of the claim, as the fields of the other are hidden by their
 * dependencies on the country (the submission and the server leave hidden fields out).
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
    if (!international && country !== null && country !== DEFAULT_COUNTRY) {
      useModelsStore.getState().setFieldValue(clientId, ADDRESS_FIELDS.country, DEFAULT_COUNTRY);
    }
  }, [clientId, international, country]);

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
