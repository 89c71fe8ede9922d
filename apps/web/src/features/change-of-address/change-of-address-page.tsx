import type { AddressChangeResponse } from '@claims/core/contract/claimant-api';
import { formatMessage, type MessageText } from '@claims/core/rules/messages';
import { useCallback, useState, type ReactNode } from 'react';
import { useLocalizationStore, useText } from '../../stores/localization-store';
import { CHANGE_OF_ADDRESS_TEXT } from './change-of-address-text';

/** The sign-ins that find a claim: its reference code, or the Notice ID that filed it. */
export type ClaimantSignInForm = 'DocumentsUpload' | 'Standard';

function useMessage(): (message: MessageText) => string {
  const t = useText();
  return (message) => t(message.key, message.text);
}

export interface ChangeOfAddressPageProps {
  /** The sign-in of a form, with `findBy` above its fields (composed in app/). */
  signIn(form: ClaimantSignInForm, onSignedIn: () => void, findBy: ReactNode): ReactNode;
  /** The claim form's address block and the call that changes the address. */
  addressForm(onChanged: (answer: AddressChangeResponse) => void): ReactNode;
  /** How to reach the administrator, below the sign-in. */
  contact?: ReactNode;
}

/** How the claimant finds the claim: a radio group above the matching sign-in. */
function FindBy({
  form,
  onChange,
}: {
  form: ClaimantSignInForm;
  onChange(form: ClaimantSignInForm): void;
}) {
  const localize = useMessage();
  const options: [ClaimantSignInForm, string][] = [
    ['DocumentsUpload', localize(CHANGE_OF_ADDRESS_TEXT.byReferenceCode)],
    ['Standard', localize(CHANGE_OF_ADDRESS_TEXT.byNoticeId)],
  ];
  return (
    <fieldset className="mb-3">
      <legend className="form-label">{localize(CHANGE_OF_ADDRESS_TEXT.findBy)}</legend>
      {options.map(([value, label]) => (
        <div className="form-check" key={value}>
          <input
            className="form-check-input"
            type="radio"
            name="coa-find-by"
            id={`coa-find-by-${value}`}
            checked={form === value}
            onChange={() => onChange(value)}
          />
          <label className="form-check-label" htmlFor={`coa-find-by-${value}`}>
            {label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/**
 * Change My Address (/coa, docs/behaviour.md#after-filing): the claimant finds the claim (the
 * reference code with last name or ZIP, or the Notice ID and PIN, each with the captcha and
 * lockouts of sign-in), then gives the new mailing address in the claim form's address block.
 */
export function ChangeOfAddressPage({ signIn, addressForm, contact }: ChangeOfAddressPageProps) {
  const localize = useMessage();
  const culture = useLocalizationStore((state) => state.activeCulture);
  const [form, setForm] = useState<ClaimantSignInForm>('DocumentsUpload');
  const [signedIn, setSignedIn] = useState(false);
  const [changed, setChanged] = useState<AddressChangeResponse | null>(null);
  const onSignedIn = useCallback(() => setSignedIn(true), []);

  if (changed !== null) {
    const date = new Intl.DateTimeFormat(culture, { dateStyle: 'long' }).format(
      new Date(changed.changedAt),
    );
    return (
      <div className="content-page">
        <h1 className="page-heading">{localize(CHANGE_OF_ADDRESS_TEXT.title)}</h1>
        <div role="status" className="alert alert-success">
          {formatMessage(localize(CHANGE_OF_ADDRESS_TEXT.changed), {
            referenceCode: changed.referenceCode,
            date,
          })}
        </div>
      </div>
    );
  }
  if (signedIn) return addressForm(setChanged);
  return (
    <>
      <div key={form}>{signIn(form, onSignedIn, <FindBy form={form} onChange={setForm} />)}</div>
      {contact}
    </>
  );
}
