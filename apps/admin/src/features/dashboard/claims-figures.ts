import { CLAIM_FORM_TYPES } from '@claims/core/admin/admin-api';
import type { DashboardResponse } from '@claims/core/admin/dashboard-api';

/** A day of the dashboard's series: its claims by form type, all of them, and the sum so far. */
export interface DayFigures {
  day: string;
  counts: DashboardResponse['claimsPerDay'][number]['counts'];
  total: number;
  toDate: number;
}

export function dayFigures(claimsPerDay: DashboardResponse['claimsPerDay']): DayFigures[] {
  let toDate = 0;
  return claimsPerDay.map(({ day, counts }) => {
    const total = CLAIM_FORM_TYPES.reduce((sum, formType) => sum + counts[formType], 0);
    toDate += total;
    return { day, counts, total, toDate };
  });
}

/** "12.5 %": a share of the expected class size, to one decimal. */
export function shareOf(count: number, whole: number): string {
  return `${((count / whole) * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })} %`;
}

/** The busiest day, the first of equals; undefined without days. */
export function busiestDay(days: readonly DayFigures[]): DayFigures | undefined {
  return days.reduce<DayFigures | undefined>(
    (best, day) => (best === undefined || day.total > best.total ? day : best),
    undefined,
  );
}
