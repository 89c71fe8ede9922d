import type { MessageText } from '@claims/core/rules/messages';

function text(key: string, english: string): MessageText {
  return { key, text: english };
}

/** The texts of Change My Address: content keys with their English text. */
export const CHANGE_OF_ADDRESS_TEXT = {
  title: text('LocKey_Header_ChangeAddress', 'Change My Address'),
  signInIntro: text(
    'LocKey_ChangeOfAddress_SignInIntro',
    'Find your claim with its reference code and your last name or ZIP code, or with the Notice ID and PIN from your notice.',
  ),
  findBy: text('LocKey_ChangeOfAddress_FindBy', 'Find my claim with'),
  byReferenceCode: text('LocKey_ChangeOfAddress_ByReferenceCode', 'My reference code'),
  byNoticeId: text('LocKey_ChangeOfAddress_ByNoticeId', 'My Notice ID and PIN'),
  signIn: text('LocKey_ChangeOfAddress_SignIn', 'Find My Claim'),
  addressIntro: text(
    'LocKey_ChangeOfAddress_AddressIntro',
    'Enter the mailing address where we should send your payment and letters.',
  ),
  save: text('LocKey_ChangeOfAddress_Save', 'Change My Address'),
  changed: text(
    'LocKey_ChangeOfAddress_Changed',
    'Thank you. The mailing address of claim {referenceCode} was changed on {date}.',
  ),
} as const;
