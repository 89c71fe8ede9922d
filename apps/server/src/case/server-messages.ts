import type { MessageText } from '@claims/core/rules/messages';

/**
 * What the server tells claimants in its answers. Each message has a content key, so a case
 * translates it in content/<culture>.json; the English text is used where the copy lacks it.
 */
export const SERVER_MESSAGES = {
  invalidCredentials: {
    key: 'LocKey_Authorize_InvalidCredentials',
    text: 'The Notice ID and PIN you entered do not match our records. Please check them and try again.',
  },
  locked: {
    key: 'LocKey_Authorize_TooManyAttempts',
    text: 'There have been too many unsuccessful attempts. Please wait {minutes} minutes and try again.',
  },
  invalidVin: {
    key: 'LocKey_Authorize_InvalidVin',
    text: 'The VIN you entered is not valid. A VIN has 17 letters and digits (never I, O or Q); please check it and try again.',
  },
  vehicleNotEligible: {
    key: 'LocKey_Lookup_NotEligible',
    text: 'This vehicle is not eligible for this settlement.',
  },
  vehicleEligible: {
    key: 'LocKey_Lookup_Eligible',
    text: 'Your {year} {make} {model} is eligible for this settlement.',
  },
  claimNotFound: {
    key: 'LocKey_Authorize_ClaimNotFound',
    text: 'The reference code and the last name or ZIP code you entered do not match a claim. Please check them and try again.',
  },
  strongerCheck: {
    key: 'LocKey_Authorize_StrongerCheck',
    text: 'This Notice ID needs one more check that this request comes from a person. Please wait a few seconds while your browser completes it.',
  },
  captchaFailed: {
    key: 'LocKey_Authorize_CaptchaFailed',
    text: 'We could not verify that this request comes from a person. Please try again.',
  },
  deadlinePassed: {
    key: 'LocKey_Deadline_Passed',
    text: 'The deadline for this form has passed; it no longer accepts claims.',
  },
  payPalMismatch: {
    key: 'LocKey_PaymentElection_PayPalMismatch',
    text: 'The PayPal e-mail address you entered does not belong to the PayPal account you logged in to. Log in with PayPal again, or choose another payment method.',
  },
  notAuthorized: {
    key: 'LocKey_Session_NotAuthorized',
    text: 'Your session has expired or this form was not opened. Please start again from the first page.',
  },
  tooManyRequests: {
    key: 'LocKey_TooManyRequests',
    text: 'Too many requests came from your connection in a short time. Please wait {seconds} seconds and try again.',
  },
} as const satisfies Record<string, MessageText>;

export type ServerMessage = keyof typeof SERVER_MESSAGES;
