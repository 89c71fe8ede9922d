import type { FraudAssessment } from '@claims/core/admin/admin-api';
import { FRAUD_DECISION_LABELS } from '../../lib/labels';

/** The fraud score and every deduction behind it, with its reason code and evidence. */
export function FraudPanel({ fraud }: { fraud: FraudAssessment | null }) {
  if (fraud === null) return <p>This claim has not been scored yet.</p>;
  return (
    <>
      <p>
        Score <strong>{fraud.score}</strong> of 1,000: {FRAUD_DECISION_LABELS[fraud.decision]}.
        Claims below {fraud.thresholds.review} are reviewed; below {fraud.thresholds.hold} they are
        held.
      </p>
      {fraud.deductions.length === 0 ? (
        <p>No signal took points off.</p>
      ) : (
        <div className="table-responsive">
          <table className="table">
            <caption className="visually-hidden">Deductions from the fraud score</caption>
            <thead>
              <tr>
                <th scope="col">Reason</th>
                <th scope="col">Code</th>
                <th scope="col" className="text-end">
                  Points
                </th>
                <th scope="col">Evidence</th>
              </tr>
            </thead>
            <tbody>
              {fraud.deductions.map((deduction) => (
                <tr key={deduction.code}>
                  <th scope="row">{deduction.reason}</th>
                  <td>
                    <code>{deduction.code}</code>
                  </td>
                  <td className="text-end">−{deduction.points}</td>
                  <td className="text-break">{deduction.evidence || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
