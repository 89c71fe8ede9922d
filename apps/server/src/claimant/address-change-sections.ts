import type { ClaimSection } from '@claims/core/admin/admin-api';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import { toCamelCase } from '@claims/core/text/camel-case';
import type { Kysely } from 'kysely';
import { ClaimReader } from '../admin/claims/claim-sections';
import type { ClaimsCase } from '../case/claims-case';
import type { Database } from '../db/schema';
import { addressModel, readAddressChanges } from './address-change';

/**
 * The changes a claimant made after filing as sections of the console's claim detail, one per
 * change, titled with what changed and its date: the model's fields each change gave, each
 * labelled as the claim form labels it.
 */
export function claimantChangeSections(
  claimsCase: ClaimsCase,
  model: RemoteModelConfig,
  part: ClaimSection['part'],
  what: string,
  changes: readonly { at: string; values: Readonly<Record<string, unknown>> }[],
): ClaimSection[] {
  const reader = new ClaimReader(claimsCase);
  return changes.map(({ at, values }) => ({
    part,
    title: `${what} changed by the claimant on ${at.slice(0, 10)}`,
    fields: Object.values(model.fields)
      .filter((field) => values[toCamelCase(field.key)] != null)
      .map((field) => ({
        name: field.key,
        label: field.label === '' ? field.key : reader.text(field.label),
        value: reader.value(field, values[toCamelCase(field.key)]),
      })),
  }));
}

/**
 * A claim's address changes as the console's claim detail shows them: after the filed
 * sections, a ClaimantInfo section per change.
 */
export async function addressChangeSections(
  db: Kysely<Database>,
  claimsCase: ClaimsCase,
  claimId: string,
): Promise<ClaimSection[]> {
  const changes = await readAddressChanges(db, claimId);
  if (changes.length === 0) return [];
  return claimantChangeSections(
    claimsCase,
    addressModel(claimsCase),
    'ClaimantInfo',
    'Address',
    changes.map((change) => ({ at: change.at, values: change.address })),
  );
}
