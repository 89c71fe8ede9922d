import { CLAIM_FORM_TYPES } from '@claims/core/admin/admin-api';
import { timeLeft, type DashboardResponse } from '@claims/core/admin/dashboard-api';
import { CLAIM_STATUSES } from '@claims/core/lifecycle/transitions';
import { formatDay, formatInstant } from '../../lib/format';
import { FORM_TYPE_LABELS, STATUS_LABELS } from '../../lib/labels';
import { countOf, formatCount } from '../data-io/data-io-labels';
import { shareOf, type DayFigures } from './claims-figures';
import { DEADLINE_LABELS } from './dashboard-labels';

/** The dashboard's tables: the charts' figures, statuses, cures awaited and deadlines. */

/** "3 days 4 hours", or "Passed". */
export function countdown(figures: DashboardResponse, at: string | undefined): string {
  if (at === undefined) return '—';
  if (Date.parse(at) <= Date.parse(figures.asOf)) return 'Passed';
  const left = timeLeft(figures.asOf, at);
  return `${countOf(left.days, 'day', 'days')} ${countOf(left.hours, 'hour', 'hours')}`;
}

export function DayTable({
  days,
  figures,
}: {
  days: readonly DayFigures[];
  figures: DashboardResponse;
}) {
  const size = figures.expectedClassSize;
  return (
    <div className="table-responsive">
      <table className="table table-sm">
        <caption className="visually-hidden">Claims per day, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {CLAIM_FORM_TYPES.map((formType) => (
              <th scope="col" key={formType}>
                {FORM_TYPE_LABELS[formType]}
              </th>
            ))}
            <th scope="col">All</th>
            <th scope="col">Filed to date</th>
            {size === null ? null : <th scope="col">Of the expected class size</th>}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row" className="fw-normal">
                {formatDay(day.day, figures.timeZone)}
              </th>
              {CLAIM_FORM_TYPES.map((formType) => (
                <td key={formType}>{formatCount(day.counts[formType])}</td>
              ))}
              <td>{formatCount(day.total)}</td>
              <td>{formatCount(day.toDate)}</td>
              {size === null ? null : <td>{shareOf(day.toDate, size)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function StatusTable({ figures }: { figures: DashboardResponse }) {
  return (
    <section aria-labelledby="by-status">
      <h2 id="by-status" className="h4">
        Claims by status
      </h2>
      <table className="table table-sm">
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Claims</th>
            <th scope="col">Of them held by the fraud score</th>
          </tr>
        </thead>
        <tbody>
          {CLAIM_STATUSES.map((status) => (
            <tr key={status}>
              <th scope="row" className="fw-normal">
                {STATUS_LABELS[status]}
              </th>
              <td>{formatCount(figures.byStatus[status])}</td>
              <td>{formatCount(figures.fraudHolds.byStatus[status])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function CureTable({ figures }: { figures: DashboardResponse }) {
  return (
    <section aria-labelledby="awaiting-cure">
      <h2 id="awaiting-cure" className="h4">
        Deficiencies awaiting cure
      </h2>
      {figures.awaitingCure.length === 0 ? (
        <p>No claim is waiting for a cure.</p>
      ) : (
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">Cure by</th>
              <th scope="col">Claims</th>
            </tr>
          </thead>
          <tbody>
            {figures.awaitingCure.map((entry) => (
              <tr key={entry.cureBy}>
                <th scope="row" className="fw-normal">
                  {formatInstant(entry.cureBy, figures.timeZone)}
                  {Date.parse(entry.cureBy) <= Date.parse(figures.asOf) ? ' (window closed)' : ''}
                </th>
                <td>{formatCount(entry.claims)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function DeadlineTable({ figures }: { figures: DashboardResponse }) {
  return (
    <section aria-labelledby="deadlines">
      <h2 id="deadlines" className="h4">
        Deadlines
      </h2>
      {figures.deadlines.length === 0 ? (
        <p>The case sets no deadline.</p>
      ) : (
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">Deadline</th>
              <th scope="col">When</th>
              <th scope="col">Time left</th>
            </tr>
          </thead>
          <tbody>
            {figures.deadlines.map((deadline) => (
              <tr key={deadline.name}>
                <th scope="row" className="fw-normal">
                  {DEADLINE_LABELS[deadline.name]}
                </th>
                <td>{formatInstant(deadline.at, figures.timeZone)}</td>
                <td>{countdown(figures, deadline.at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
