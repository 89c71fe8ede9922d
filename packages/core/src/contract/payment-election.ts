/**
 * The ClaimDetails fields of the payment election: the payment-election page edits them and
 * the server compares them with the session's verified PayPal account before it files a claim.
 */
export const PAYMENT_METHOD_FIELD = 'paymentMethod';
export const PAYMENT_EMAIL_FIELD = 'paymentEmail';

/** Both fields, in the order the payment-election page shows them. */
export const PAYMENT_FIELDS: readonly string[] = [PAYMENT_METHOD_FIELD, PAYMENT_EMAIL_FIELD];
