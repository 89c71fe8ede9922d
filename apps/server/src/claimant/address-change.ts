import type { RemoteModelConfig } from '@claims/core/case/field-config';
import type { AddressChangeResponse } from '@claims/core/contract/claimant-api';
import { ADDRESS_FIELDS } from '@claims/core/journeys/journey-blocks';
import { toCamelCase } from '@claims/core/text/camel-case';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ClaimRow } from '../admin/claims/claim-detail';
import type { ClaimsCase } from '../case/claims-case';
import type { Database } from '../db/schema';
import { badRequest, notFound } from '../http-error';
import { checkModel, describeProblems } from '../services/model-checks';
import { appendChange, readChanges } from './claimant-changes';

/**
 * Change My Address: a claimant's new mailing address for a filed claim, checked by the same
 * field rules and masks as the claim form's address block (the case's Standard model that holds
 * the mailing address fields), and kept in address_changes.
 *
 * Why a table of its own rather than an entry of claim_history: claim_history is the claim's
 * lifecycle, each row a move from one status to another that the lifecycle of packages/core
 * allowed, and the console's queue and windows read it as such. A new address moves no status;
 * it is another concept, many rows per claim, append-only like the history. The claim's filed
 * models stay as filed; the latest address change is the address to mail to.
 */

const ADDRESS_KEYS: readonly string[] = Object.values(ADDRESS_FIELDS);

/** The address fields of the case's claim form, with their rules, as a model of their own. */
export function addressModel(claimsCase: ClaimsCase): RemoteModelConfig {
  const holder = claimsCase
    .modelConfigs('Standard')
    .find((config) =>
      Object.values(config.fields).some(
        (field) => toCamelCase(field.key) === ADDRESS_FIELDS.streetLine1,
      ),
    );
  if (holder === undefined) throw notFound('this case has no mailing address fields');
  const fields = Object.fromEntries(
    Object.entries(holder.fields).filter(([, field]) =>
      ADDRESS_KEYS.includes(toCamelCase(field.key)),
    ),
  );
  return { ...holder, fields };
}

/** Checks the address against the form's rules and appends it to the claim's address changes. */
export async function changeAddress(
  app: FastifyInstance,
  claim: ClaimRow,
  culture: string,
  address: Record<string, string | null>,
  authorizedBy: 'referenceCode' | 'noticeId',
): Promise<AddressChangeResponse> {
  const now = app.now();
  const checked = checkModel(addressModel(app.claimsCase), address, {
    characterWhitelist: app.claimsCase.characterWhitelist,
    now,
    localize: (key) => app.claimsCase.text(culture, key),
    side: 'server',
  });
  if (checked.problems.length > 0) throw badRequest(describeProblems('address', checked.problems));
  const at = now.toISOString();
  await app.db.transaction().execute(async (trx) => {
    await appendChange(trx, 'address_changes', {
      claim_id: claim.id,
      at,
      authorized_by: authorizedBy,
      address: JSON.stringify(checked.values),
    });
  });
  return { referenceCode: claim.reference_code, changedAt: at };
}

/** The claim's address changes, oldest first. */
export async function readAddressChanges(db: Kysely<Database>, claimId: string) {
  const rows = await readChanges(db, 'address_changes', claimId);
  return rows.map((row) => ({
    at: row.at,
    authorizedBy: row.authorized_by,
    address: JSON.parse(row.address) as Record<string, string | null>,
  }));
}
