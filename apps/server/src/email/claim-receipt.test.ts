import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpSink, type ReceivedMail } from '../../test-fakes/smtp-sink';
import { validClaimantInfo, type ClaimParts } from '../test/claims';
import { StandardClaims } from '../test/standard-claim';
import { startTestApp, type TestApp } from '../test/test-app';
import { receiptRequest } from './claim-receipt';

let sink: SmtpSink;
let testApp: TestApp;
let claims: StandardClaims;

beforeAll(async () => {
  sink = await SmtpSink.start();
  testApp = await startTestApp({
    now: () => new Date('2027-03-05T20:00:00Z'),
    env: { SMTP_URL: sink.url, MAIL_FROM: 'Claims Desk <claims@example.org>' },
  });
  claims = await StandardClaims.load(testApp.app);
});
afterAll(async () => {
  await testApp?.close();
  await sink?.close();
});

/** The claimant info of a claimant whose e-mail address is `address`. */
function reachedAt(address: string): Record<string, unknown> {
  return { ...validClaimantInfo(), emailAddress: address, confirmEmailAddress: address };
}

/** Files a Standard claim of the next class member with one document; answers its code. */
async function fileClaim(overrides: Partial<ClaimParts> = {}): Promise<string> {
  const response = await claims.submit(overrides);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ referenceCodeForm: string }>().referenceCodeForm;
}

async function mailTo(address: string): Promise<ReceivedMail> {
  for (let waited = 0; waited < 15_000; waited += 25) {
    const mail = sink.received.find((received) => received.rcptTo.includes(address));
    if (mail !== undefined) return mail;
    await delay(25);
  }
  throw new Error(`no e-mail to ${address} after 15 s`);
}

describe('the receipt of a filed claim', () => {
  it('is e-mailed in English with the code, the payout method and the documents', async () => {
    const code = await fileClaim({
      claimantInfo: reachedAt('ana.en@example.com'),
    });
    const { message } = await mailTo('ana.en@example.com');
    expect(message.subject).toBe(`Claim ${code} received`);
    expect(message.text).toContain(`Your reference code is ${code}.`);
    expect(message.text).toContain('Paper check mailed to my address');
    expect(message.text).toContain('invoice-june.pdf');
    expect(message.text).toContain('What happens next');
    expect(message.html).toContain('<html lang="en">');
  });

  it('is e-mailed in Spanish to a claimant who filed in Spanish', async () => {
    const code = await fileClaim({
      userPreferredCulture: 'es',
      claimantInfo: reachedAt('ana.es@example.com'),
    });
    const { message } = await mailTo('ana.es@example.com');
    expect(message.subject).toBe(`Reclamación ${code} recibida`);
    expect(message.text).toContain(`Su código de referencia es ${code}.`);
    expect(message.text).toContain('Qué sigue');
    expect(message.html).toContain('<html lang="es">');
  });

  it('shows a payout e-mail address masked, never in full', async () => {
    await fileClaim({
      claimantInfo: reachedAt('card.holder@example.com'),
      claimDetails: {
        ...claims.details(),
        paymentMethod: 'VirtualPrepaidCard',
        paymentEmail: 'card.payee@example.net',
      },
    });
    const { message } = await mailTo('card.holder@example.com');
    expect(message.text).toContain('Virtual prepaid card sent by email');
    expect(message.text).toContain('c•••@example.net');
    expect(message.text).not.toContain('card.payee');
  });

  it('shows bank details by their last four digits only', async () => {
    await fileClaim({
      claimantInfo: reachedAt('bank.holder@example.com'),
      claimDetails: {
        ...claims.details(),
        paymentMethod: 'DirectDeposit',
        routingNumber: '021000021',
        accountNumber: '000123456789',
        accountNumberConfirmation: '000123456789',
        accountType: 'savings',
      },
    });
    const { raw, message } = await mailTo('bank.holder@example.com');
    expect(message.text).toContain('Direct deposit to my bank account');
    expect(message.text).toContain('•••• 6789');
    expect(message.text).toContain('Savings');
    expect(raw).not.toContain('123456789');
    expect(raw).not.toContain('021000021');
  });

  it('holds neither the Notice ID nor the PIN the claimant signed in with', async () => {
    const member = claims.upcomingMember;
    await fileClaim({
      claimantInfo: reachedAt('no.pin@example.com'),
    });
    const { raw } = await mailTo('no.pin@example.com');
    expect(raw).not.toContain(member.NoticeId!);
    expect(raw).not.toContain(member.Pin!);
  });

  it('is not asked for when the claimant gave no e-mail address', () => {
    const request = receiptRequest(testApp.app.claimsCase, {
      formType: 'Standard',
      culture: 'en',
      referenceCode: 'ABC-DEFG-HJKM',
      models: {
        claimantInfo: { clientId: 'c', metadataHash: 'h', fields: { emailAddress: null } },
        claimDetails: null,
        signature: null,
        documentContexts: [],
        claimTransactions: [],
      },
      documentNames: [],
    });
    expect(request).toBeNull();
  });
});
