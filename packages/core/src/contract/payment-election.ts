/**
 * The ClaimDetails fields of the payment election: the payment-election page edits them and
 * the server compares them with the session's verified PayPal account before it files a claim.
 */
export const PAYMENT_METHOD_FIELD = 'paymentMethod';
export const PAYMENT_EMAIL_FIELD = 'paymentEmail';

/** The details of the Venmo and direct-deposit methods (payout/methods.ts checks them). */
export const VENMO_CONTACT_FIELD = 'venmoPhoneOrEmail';
export const ROUTING_NUMBER_FIELD = 'routingNumber';
export const ACCOUNT_NUMBER_FIELD = 'accountNumber';
export const ACCOUNT_NUMBER_CONFIRMATION_FIELD = 'accountNumberConfirmation';
export const ACCOUNT_TYPE_FIELD = 'accountType';

/** The fields of the election, in the order the payment-election page shows them. */
export const PAYMENT_FIELDS: readonly string[] = [
  PAYMENT_METHOD_FIELD,
  PAYMENT_EMAIL_FIELD,
  VENMO_CONTACT_FIELD,
  ROUTING_NUMBER_FIELD,
  ACCOUNT_NUMBER_FIELD,
  ACCOUNT_NUMBER_CONFIRMATION_FIELD,
  ACCOUNT_TYPE_FIELD,
];

/**
 * The query the Log in with PayPal callback adds to the page it sends the login window back
 * to: that window then tells the claim's window the login is over and closes
 * (docs/behaviour.md#payment-election).
 */
export const PAYPAL_RETURN_PARAMETER = 'payPalLogin';
export const PAYPAL_RETURN_VALUE = 'done';
