import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSubmissionFields } from '@claims/core/contract/submission';
import { SAMPLE_PDF } from '../../test-fakes/sample-documents';
import { ClaimsCase } from '../case/claims-case';
import { loadCase } from '../case/load-case';
import type { FormAuthorization } from './session-store';
import {
  claimTextParts,
  validClaimantInfo,
  validClaimTransaction,
  validSignature,
  validStandardClaimDetails,
  type ClaimParts,
} from '../test/claims';
import { copyDemoCase } from '../test/test-app';
import { checkSubmission } from './submission-check';

type Model = { metadata: { dtoMapping: string }; fields: Record<string, unknown>[] };

/** The Standard form's model config of a part, as the parsed case.yaml holds it. */
function standardModel(definition: Record<string, unknown>, dtoMapping: string): Model {
  const forms = definition.forms as Record<string, Model[]>;
  const model = forms.Standard?.find((entry) => entry.metadata.dtoMapping === dtoMapping);
  if (model === undefined) throw new Error(`the demo case has no Standard ${dtoMapping} model`);
  return model;
}

/** A field of the model, copied first: YAML aliases share it with the other forms. */
function field(model: Model, key: string): { validations: Record<string, unknown>[] } {
  const index = model.fields.findIndex((entry) => entry.key === key);
  if (index === -1) throw new Error(`the model has no field ${key}`);
  const copy = structuredClone(model.fields[index]!);
  model.fields = model.fields.map((entry, at) => (at === index ? copy : entry));
  return copy as { validations: Record<string, unknown>[] };
}

/**
 * The demo case with rules that read the claim transactions from other models: the claim
 * details' additional information is required once any transaction has a repair order
 * number; a document context names its transaction and is dated on or after its repair; and
 * a transaction's invoice or repair order number is read from the transactions themselves.
 */
function readTransactions(definition: Record<string, unknown>): void {
  const transactions = { dtoMapping: 'ClaimTransactions' };
  field(standardModel(definition, 'ClaimDetails'), 'additionalInformation').validations.push({
    type: 'requiredIf',
    condition: { property: 'repairOrderNumber', comparison: 'IsNotEqualTo' },
    targetModel: transactions,
  });
  const contexts = standardModel(definition, 'DocumentContexts');
  contexts.fields = [
    ...contexts.fields,
    { key: 'claimTransactionId', kind: 'hidden' },
    {
      key: 'documentDate',
      kind: 'date',
      label: 'LocKey_Field_RepairDate',
      validations: [
        {
          type: 'endDate',
          startProperty: 'repairDate',
          inclusive: true,
          targetModel: transactions,
        },
      ],
    },
  ];
  const invoice = field(standardModel(definition, 'ClaimTransactions'), 'invoiceNumber');
  invoice.validations = invoice.validations.map((rule) =>
    rule.type === 'RequireOnePropertyToHaveAValue' ? { ...rule, targetModel: transactions } : rule,
  );
}

const VIN = '1NWVRS2F5JR162080';

let claimsCase: ClaimsCase;
let caseDir: string;

beforeAll(async () => {
  caseDir = await copyDemoCase(readTransactions);
  claimsCase = new ClaimsCase(await loadCase(caseDir));
});
afterAll(async () => rm(caseDir, { recursive: true, force: true }));

const authorization: FormAuthorization = {
  identity: { kind: 'classMember', noticeId: 'NW00000001' },
  prepopulatedData: {},
  authorizedAt: '2027-03-05T20:00:00.000Z',
  captchaPassHash: null,
};

const transaction = (overrides: Record<string, unknown>) => ({
  ...validClaimTransaction(),
  ...overrides,
});

/** A document context linked to a claim transaction (by index), with a document date. */
interface LinkedContext {
  documentDate: string;
  transaction: number;
}

/** Runs checkSubmission on a Standard claim built from these parts (valid where not given). */
function check(parts: Partial<ClaimParts>, contexts: LinkedContext[] = []) {
  const { textParts } = claimTextParts([...claimsCase.remoteModelConfigs], 'Standard', {
    reCaptchaResponse: 'token',
    claimantInfo: validClaimantInfo(),
    claimDetails: validStandardClaimDetails(VIN),
    signature: validSignature(),
    claimTransactions: [validClaimTransaction()],
    documents: contexts.map((_, index) => ({
      name: `receipt-${index}.pdf`,
      bytes: SAMPLE_PDF,
      type: 'application/pdf',
    })),
    ...parts,
  });
  const transactions = JSON.parse(textParts.claimTransactions!) as { clientId: string }[];
  const models = JSON.parse(textParts.documentContexts!) as { fields: Record<string, unknown> }[];
  const documentContexts = models.map((model, index) => {
    const { documentDate, transaction } = contexts[index]!;
    const claimTransactionId = transactions[transaction]!.clientId;
    return { ...model, fields: { ...model.fields, documentDate, claimTransactionId } };
  });
  const decoded = decodeSubmissionFields({
    ...textParts,
    documentContexts: JSON.stringify(documentContexts),
  });
  if (!decoded.success) throw new Error(decoded.error.message);
  return checkSubmission(claimsCase, 'Standard', authorization, decoded.data, {
    culture: 'en',
    now: new Date('2027-03-05T20:00:00Z'),
  });
}

const errorOf = (result: ReturnType<typeof check>) => (result.ok ? null : result.error);

describe('rules that read claim transactions from another model', () => {
  it('check a claim transaction\u2019s own values when its rule targets the claim transactions', () => {
    const result = check({
      claimTransactions: [
        validClaimTransaction(),
        transaction({ claimTransactionId: 'tx-2', invoiceNumber: null, repairOrderNumber: null }),
      ],
    });
    expect(errorOf(result)).toMatch(
      /^claimTransactions\[1\]\.invoiceNumber: .* \(rule RequireOnePropertyToHaveAValue\)$/,
    );
  });

  it('hold a single model to every claim transaction, not only the first', () => {
    const result = check({
      claimDetails: { ...validStandardClaimDetails(VIN), additionalInformation: null },
      claimTransactions: [
        validClaimTransaction(),
        transaction({ claimTransactionId: 'tx-2', repairOrderNumber: 'RO-17' }),
      ],
    });
    expect(errorOf(result)).toMatch(
      /^claimDetails\.additionalInformation: .* \(rule requiredIf\)$/,
    );
  });

  it('pass a single model whose rule holds against every claim transaction', () => {
    const result = check({
      claimDetails: { ...validStandardClaimDetails(VIN), additionalInformation: null },
      claimTransactions: [validClaimTransaction(), transaction({ claimTransactionId: 'tx-2' })],
    });
    expect(errorOf(result)).toBeNull();
  });

  it('check a document context against the claim transaction its claimTransactionId names', () => {
    const transactions = [
      validClaimTransaction(),
      transaction({ claimTransactionId: 'tx-2', repairDate: '01/15/2022' }),
    ];
    const dated = (index: number) => ({ documentDate: '07/01/2021', transaction: index });
    expect(errorOf(check({ claimTransactions: transactions }, [dated(0)]))).toBeNull();
    expect(errorOf(check({ claimTransactions: transactions }, [dated(1)]))).toMatch(
      /^documentContexts\[0\]\.documentDate: .* \(rule endDate\)$/,
    );
  });

  it('refuse a claim whose models would take more checks against each other than a claim may cost', () => {
    const many = Array.from({ length: 10_001 }, (_, index) =>
      transaction({ claimTransactionId: `tx-${index}` }),
    );
    const error = errorOf(check({ claimTransactions: many }));
    expect(error).toMatch(
      /^claimDetails: checking the claim's models against each other would take more than the 10000 model checks one claim may cost; /,
    );
    expect(error?.split('; ').length).toBeLessThan(5);
  });
});
