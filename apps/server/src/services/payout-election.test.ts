import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StandardClaims } from '../test/standard-claim';
import { startTestApp, type TestApp } from '../test/test-app';
import { PayoutSeal, payoutBinding } from './payout-seal';

/**
 * The payout methods of the demo case, as the server judges a submitted claim: each method's
 * details checked by packages/core (the payoutField rule), and bank details stored sealed.
 */

const SECRET = 'payout-election-test-session-secret-0123456789';
let testApp: TestApp;
let claims: StandardClaims;

beforeAll(async () => {
  testApp = await startTestApp({
    now: () => new Date('2027-03-05T20:00:00Z'),
    env: { SESSION_SECRET: SECRET },
  });
  claims = await StandardClaims.load(testApp.app);
});
afterAll(async () => testApp?.close());

const NONE = {
  paymentEmail: null,
  venmoPhoneOrEmail: null,
  routingNumber: null,
  accountNumber: null,
  accountNumberConfirmation: null,
  accountType: null,
};

function electing(election: Record<string, unknown>) {
  return claims.submit({ claimDetails: claims.details({ ...NONE, ...election }) });
}

async function storedDetails(referenceCode: string) {
  const row = await testApp.app.db
    .selectFrom('claims')
    .select('models')
    .where('reference_code', '=', referenceCode)
    .executeTakeFirstOrThrow();
  return {
    text: row.models,
    details: (
      JSON.parse(row.models) as {
        claimDetails: { clientId: string; fields: Record<string, string> };
      }
    ).claimDetails,
  };
}

const DIRECT_DEPOSIT = {
  paymentMethod: 'DirectDeposit',
  routingNumber: '021000021',
  accountNumber: '000123456789',
  accountNumberConfirmation: '000123456789',
  accountType: 'checking',
};

describe('the payout methods of a submitted claim', () => {
  it.each([
    ['a paper check', { paymentMethod: 'Check' }],
    ['PayPal', { paymentMethod: 'PayPal', paymentEmail: 'ana.pays@example.com' }],
    [
      'a virtual prepaid card',
      { paymentMethod: 'VirtualPrepaidCard', paymentEmail: 'card@example.com' },
    ],
    ['Venmo by phone', { paymentMethod: 'Venmo', venmoPhoneOrEmail: '(503) 555-0147' }],
    ['Venmo by e-mail', { paymentMethod: 'Venmo', venmoPhoneOrEmail: 'ana@example.com' }],
    ['direct deposit', DIRECT_DEPOSIT],
  ])('accepts %s', async (_name, election) => {
    const response = await electing(election);
    expect(response.statusCode, response.body).toBe(200);
  });

  it.each([
    [
      'a virtual prepaid card without an e-mail',
      { paymentMethod: 'VirtualPrepaidCard' },
      'paymentEmail',
    ],
    [
      'Venmo by @username',
      { paymentMethod: 'Venmo', venmoPhoneOrEmail: '@ana-pays' },
      'venmoPhoneOrEmail',
    ],
    [
      'direct deposit with a wrong check digit',
      { ...DIRECT_DEPOSIT, routingNumber: '021000022' },
      'routingNumber',
    ],
    [
      'direct deposit with account numbers that differ',
      { ...DIRECT_DEPOSIT, accountNumberConfirmation: '000123456780' },
      'accountNumberConfirmation',
    ],
    [
      'direct deposit without an account type',
      { ...DIRECT_DEPOSIT, accountType: null },
      'accountType',
    ],
    ['a method the case does not offer', { paymentMethod: 'Bitcoin' }, 'paymentMethod'],
  ])('refuses %s, naming the field', async (_name, election, field) => {
    const response = await electing(election);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toContain(`claimDetails.${field}`);
  });

  it('stores the bank details sealed: the stored bytes hold neither number', async () => {
    const response = await electing(DIRECT_DEPOSIT);
    const { text, details } = await storedDetails(
      response.json<{ referenceCodeForm: string }>().referenceCodeForm,
    );
    expect(text).not.toContain('021000021');
    expect(text).not.toContain('123456789');
    expect(details.fields.accountNumber).toMatch(/:6789$/);
    const seal = new PayoutSeal(SECRET);
    expect(
      seal.open(details.fields.accountNumber!, payoutBinding(details.clientId, 'accountNumber')),
    ).toBe('000123456789');
  });
});
