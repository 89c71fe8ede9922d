import type { ClaimSection } from '@claims/core/admin/admin-api';
import { toCamelCase } from '@claims/core/text/camel-case';
import type { Kysely } from 'kysely';
import { ClaimReader } from '../admin/claims/claim-sections';
import type { ClaimsCase } from '../case/claims-case';
import type { Database } from '../db/schema';
import { addressModel, readAddressChanges } from './address-change';

/**
 * A claim's address changes as the console's claim detail shows them: after the filed
 * sections, a ClaimantInfo section per change, titled with its date, each field labelled as
 * the claim form labels it.
 */
export async function addressChangeSections(
  db: Kysely<Database>,
  claimsCase: ClaimsCase,
  claimId: string,
): Promise<ClaimSection[]> {
  const changes = await readAddressChanges(db, claimId);
  if (changes.length === 0) return [];
  const reader = new ClaimReader(claimsCase);
  const fields = Object.values(addressModel(claimsCase).fields);
  return changes.map((change) => ({
    part: 'ClaimantInfo',
    title: `Address changed by the claimant on ${change.at.slice(0, 10)}`,
    fields: fields
      .filter((field) => change.address[toCamelCase(field.key)] != null)
      .map((field) => ({
        name: field.key,
        label: field.label === '' ? field.key : reader.text(field.label),
        value: reader.value(field, change.address[toCamelCase(field.key)]),
      })),
  }));
}
