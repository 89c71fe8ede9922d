import type { DtoMapping } from '../form-types';
import type { FormModel, SubmissionPayload } from './submission';
import type { SubmissionPart } from './submission-parts';

/** A saved Standard model of the part; its clientId is `<dtoMapping>-<suffix>`. */
export function model(
  dtoMapping: DtoMapping,
  suffix: string,
  fields: FormModel['fields'] = {},
): FormModel {
  return {
    id: null,
    clientId: `${dtoMapping}-${suffix}`,
    metadata: { formType: 'Standard', dtoMapping },
    metadataHash: 'c0c761b618468f5f',
    fields,
    status: 'saved',
  };
}

/** A document context with its file's metadata. */
export const receipt = model('DocumentContexts', 'abcdefgh', {
  documentType: 'RepairInvoice',
  document: { name: 'receipt.pdf', size: 2048, type: 'application/pdf' },
});

/** A Standard submission with one document, changed by `overrides`. */
export function payload(
  overrides: Partial<SubmissionPayload<string>> = {},
): SubmissionPayload<string> {
  return {
    reCaptchaResponse: 'token',
    userPreferredCulture: 'es',
    captchaRawValue: null,
    credentials: model('Credentials', 'cdefghjk', { noticeId: 'NW10000001', pin: '123456' }),
    claimantInfo: model('ClaimantInfo', 'defghjkm', { firstName: 'Ana', lastName: 'Núñez' }),
    claimDetails: null,
    signature: model('Signature', 'efghjkmn', { attestation: true }),
    prepopulatedData: [],
    documentContexts: [receipt],
    claimTransactions: [model('ClaimTransactions', 'fghjkmnp', { repairAmount: '125.50' })],
    documents: [{ contextClientId: receipt.clientId, file: 'bytes of receipt.pdf' }],
    ...overrides,
  };
}

/** The text parts by name, as the server receives them. */
export function textFields(parts: SubmissionPart<string>[]): Record<string, string> {
  return Object.fromEntries(
    parts.flatMap((part) => (part.kind === 'text' ? [[part.name, part.value]] : [])),
  );
}
