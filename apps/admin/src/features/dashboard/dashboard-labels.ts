import type { DeadlineName } from '@claims/core/deadlines/deadline-names';

export const DEADLINE_LABELS = {
  globalDeadline: 'Every form (the global deadline)',
  claimFilingDeadline: 'Standard claims',
  automotiveFilingDeadline: 'Automotive claims',
  lookupFilingDeadline: 'VIN lookup',
  documentsUploadFilingDeadline: 'Document uploads',
} as const satisfies Record<DeadlineName, string>;

/** The lines' colours: each at least 3:1 against white, each line also dashed its own way. */
export const LINE_COLORS = { first: '#0a58ca', second: '#b02a37', third: '#495057' } as const;
