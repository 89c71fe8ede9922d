import { randomUUID } from 'node:crypto';
import { generateReferenceCode } from '@claims/core/ids/reference-code';
import type { Insertable } from 'kysely';
import { filingEvent } from '../../../apps/server/src/admin/claims/claim-history';
import { claimSearchColumns } from '../../../apps/server/src/admin/claims/claim-search';
import type {
  ClaimFraudAssessmentTable,
  ClaimHistoryTable,
  ClaimTable,
} from '../../../apps/server/src/db/schema';

/**
 * The rows a filed claim leaves in the database (services/claims-store.ts: the claim, its
 * filing event; fraud/assess-claim.ts: its assessment), made without the submit so that a
 * million claims can be seeded in minutes. The models carry the demo case's fields, filled from
 * a class-list row, as the claimant's form would send them. Three claims in ten have been taken
 * into review (a second history event); one in five is an Automotive claim.
 */

export interface SeededClaim {
  claim: Insertable<ClaimTable>;
  history: ClaimHistoryTable[];
  fraud: ClaimFraudAssessmentTable;
}

/** A class-list column's field key: FirstName → firstName. */
const fieldKey = (column: string) => column.charAt(0).toLowerCase() + column.slice(1);

function model(part: string, index: number, fields: Record<string, unknown>) {
  return { clientId: `${part}-${index}`, metadataHash: 'bench', fields };
}

export function seededClaim(
  index: number,
  member: Readonly<Record<string, string>>,
  filedAt: Date,
): SeededClaim {
  const id = randomUUID();
  const at = filedAt.toISOString();
  const formType = index % 5 === 4 ? 'Automotive' : 'Standard';
  const info: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(member)) {
    if (column !== 'NoticeId' && column !== 'Pin' && column !== 'Vin')
      info[fieldKey(column)] = value;
  }
  info.confirmEmailAddress = info.emailAddress;
  info.confirmPhoneNumber = info.phoneNumber;
  const vin = member.Vin ?? '';
  const models = {
    claimantInfo: model('ci', index, info),
    claimDetails: model('cd', index, {
      vin,
      ownershipType: 'Owned',
      acquisitionDate: '2019-05-14',
      stillOwnVehicle: 'Yes',
      vehicleAcquiredFrom: 'Dealer',
      symptomShudder: true,
      symptomSlipping: index % 2 === 0,
      symptomDelayedEngagement: false,
      symptomWarningLight: index % 3 === 0,
      symptomNone: false,
      hadRepairs: 'Yes',
      totalRepairCost: `${800 + (index % 900)}.00`,
      repairFacility: 'Main Street Transmission',
      rentalOrTowingCost: '95.00',
      additionalInformation: 'The car shuddered when pulling away from a stop.',
      paymentMethod: 'check',
    }),
    signature: model('sg', index, {
      signatureFullName: `${member.FirstName ?? ''} ${member.LastName ?? ''}`.trim(),
      signatureDate: at.slice(0, 10),
      attestation: true,
    }),
    documentContexts: [],
    claimTransactions: [],
  };
  const identity =
    formType === 'Automotive'
      ? { kind: 'vehicle', vin }
      : { kind: 'classMember', noticeId: member.NoticeId ?? '' };
  const prepopulatedData = Object.fromEntries(
    Object.entries(member)
      .filter(([column]) => column !== 'Pin')
      .map(([column, value]) => [fieldKey(column), value]),
  );
  const inReview = index % 10 < 3;
  const history = [filingEvent(id, at)];
  if (inReview) {
    history.push({
      ...filingEvent(id, new Date(filedAt.getTime() + 3_600_000).toISOString()),
      sequence: 2,
      actor: 'reviewer',
      transition: 'start_review',
      from_status: 'received',
      to_status: 'in_review',
    });
  }
  const score = index % 50 === 0 ? 550 : 1000;
  return {
    claim: {
      id,
      reference_code: generateReferenceCode(),
      form_type: formType,
      culture: 'en',
      identity: JSON.stringify(identity),
      models: JSON.stringify(models),
      prepopulated_data: JSON.stringify(prepopulatedData),
      submission_key: `bench-${index}`,
      parent_claim_id: null,
      created_at: at,
      status: inReview ? 'in_review' : 'received',
      cure_by: null,
      appeal_by: null,
      ...claimSearchColumns({ identity, models, prepopulatedData }),
    },
    history,
    fraud: {
      claim_id: id,
      score,
      decision: score === 1000 ? 'pass' : 'review',
      deductions: JSON.stringify(
        score === 1000
          ? []
          : [
              {
                code: 'velocity_ip',
                reason: 'Many claims from one address',
                points: 450,
                evidence: '6 claims',
              },
            ],
      ),
      review_threshold: 700,
      hold_threshold: 400,
      assessed_at: at,
    },
  };
}
