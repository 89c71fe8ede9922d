import { CLAIM_FORM_TYPES } from '@claims/core/admin/admin-api';
import type { DashboardResponse } from '@claims/core/admin/dashboard-api';
import { DateTime } from 'luxon';
import { useMemo } from 'react';
import { usePageTitle } from '../../app/use-page-title';
import { LoadStatus } from '../../components/load-status';
import { getDashboard } from '../../lib/api-client';
import { formatDay, formatInstant } from '../../lib/format';
import { FORM_TYPE_LABELS } from '../../lib/labels';
import { useApiData } from '../../lib/use-api-data';
import { countOf, formatCount } from '../data-io/data-io-labels';
import { busiestDay, dayFigures, shareOf, type DayFigures } from './claims-figures';
import { DEADLINE_LABELS, LINE_COLORS } from './dashboard-labels';
import { countdown, CureTable, DayTable, DeadlineTable, StatusTable } from './dashboard-tables';
import { LineChart, type ChartLine } from './line-chart';

export function DashboardPage() {
  usePageTitle('Dashboard');
  const figures = useApiData('dashboard', (signal) => getDashboard(signal));
  return (
    <>
      <h1>Dashboard</h1>
      <LoadStatus data={figures} loadingText="Counting the claims…" onRetry={figures.reload} />
      {figures.data === null ? null : <Dashboard figures={figures.data} />}
    </>
  );
}

function Dashboard({ figures }: { figures: DashboardResponse }) {
  const days = useMemo(() => dayFigures(figures.claimsPerDay), [figures]);
  const cureCount = figures.awaitingCure.reduce((sum, entry) => sum + entry.claims, 0);
  return (
    <>
      <p className="text-body-secondary">
        Counted {formatInstant(figures.asOf, figures.timeZone)}; days in the case’s time zone.
      </p>
      <dl className="d-flex flex-wrap gap-3 mb-4">
        <Figure term="Claims filed" value={formatCount(figures.totalClaims)}>
          {figures.expectedClassSize === null
            ? 'The case states no expected class size.'
            : `${shareOf(figures.totalClaims, figures.expectedClassSize)} of the ${formatCount(figures.expectedClassSize)} expected`}
        </Figure>
        <Figure term="Fraud holds" value={formatCount(figures.fraudHolds.total)}>
          {`${formatCount(figures.fraudHolds.waiting)} waiting in the fraud holds`}
        </Figure>
        <Figure term="Awaiting cure" value={formatCount(cureCount)}>
          {figures.awaitingCure[0] === undefined
            ? 'No deficient claim'
            : `The first window closes ${formatDay(figures.awaitingCure[0].cureBy, figures.timeZone)}`}
        </Figure>
        <Figure term="Next deadline" value={countdown(figures, figures.deadlines[0]?.at)}>
          {figures.deadlines[0] === undefined
            ? 'The case sets no deadline.'
            : `${DEADLINE_LABELS[figures.deadlines[0].name]}: ${formatInstant(figures.deadlines[0].at, figures.timeZone)}`}
        </Figure>
      </dl>
      <ClaimsPerDay days={days} figures={figures} />
      <div className="row g-4 mt-2">
        <div className="col-lg-6">
          <StatusTable figures={figures} />
        </div>
        <div className="col-lg-6">
          <CureTable figures={figures} />
          <DeadlineTable figures={figures} />
        </div>
      </div>
    </>
  );
}

function Figure({ term, value, children }: { term: string; value: string; children: string }) {
  return (
    <div className="border rounded p-3 flex-fill">
      <dt className="fw-normal">{term}</dt>
      <dd className="fs-3 fw-semibold mb-1">{value}</dd>
      <dd className="small text-body-secondary mb-0">{children}</dd>
    </div>
  );
}

function shortDay(day: string): string {
  return DateTime.fromISO(day).toFormat('LLL d');
}

function ClaimsPerDay({
  days,
  figures,
}: {
  days: readonly DayFigures[];
  figures: DashboardResponse;
}) {
  const labels = useMemo(() => days.map((day) => shortDay(day.day)), [days]);
  const perDay = useMemo<ChartLine[]>(
    () =>
      CLAIM_FORM_TYPES.map((formType, index) => ({
        label: FORM_TYPE_LABELS[formType],
        values: days.map((day) => day.counts[formType]),
        color: index === 0 ? LINE_COLORS.first : LINE_COLORS.second,
        ...(index === 0 ? {} : { dash: [6, 4] }),
      })),
    [days],
  );
  const toDate = useMemo<ChartLine[]>(() => {
    const lines: ChartLine[] = [
      {
        label: 'Claims filed to date',
        values: days.map((day) => day.toDate),
        color: LINE_COLORS.first,
      },
    ];
    if (figures.expectedClassSize !== null) {
      lines.push({
        label: 'Expected class size',
        values: days.map(() => figures.expectedClassSize ?? 0),
        color: LINE_COLORS.third,
        dash: [2, 4],
      });
    }
    return lines;
  }, [days, figures.expectedClassSize]);

  if (days.length === 0) {
    return (
      <section aria-labelledby="per-day">
        <h2 id="per-day" className="h4">
          Claims per day
        </h2>
        <p>No claim has been filed yet.</p>
      </section>
    );
  }
  const busiest = busiestDay(days);
  const last = days[days.length - 1]!;
  return (
    <section aria-labelledby="per-day">
      <h2 id="per-day" className="h4">
        Claims per day
      </h2>
      <div className="row g-4">
        <figure className="col-lg-6 mb-0">
          <figcaption>
            Claims filed each day by form, over {countOf(days.length, 'day', 'days')}; the busiest
            was {formatDay(busiest!.day, figures.timeZone)} with{' '}
            {countOf(busiest!.total, 'claim', 'claims')}.
          </figcaption>
          <LineChart days={labels} lines={perDay} />
        </figure>
        <figure className="col-lg-6 mb-0">
          <figcaption>
            {figures.expectedClassSize === null
              ? `Claims filed to date: ${formatCount(last.toDate)}.`
              : `Claims filed to date against the expected class size: ${formatCount(last.toDate)} of ${formatCount(figures.expectedClassSize)} (${shareOf(last.toDate, figures.expectedClassSize)}).`}
          </figcaption>
          <LineChart days={labels} lines={toDate} />
        </figure>
      </div>
      <details className="mt-3">
        <summary>The figures of both charts as a table</summary>
        <DayTable days={days} figures={figures} />
      </details>
    </section>
  );
}
