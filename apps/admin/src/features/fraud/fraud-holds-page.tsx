import { DEFAULT_PAGE_SIZE, type PageSize } from '@claims/core/admin/admin-api';
import type { FraudHold } from '@claims/core/admin/fraud-api';
import { useState } from 'react';
import { usePageTitle } from '../../app/use-page-title';
import { LoadStatus } from '../../components/load-status';
import { PaginationControls } from '../../components/pagination-controls';
import { getFraudHolds } from '../../lib/api-client';
import { useSession } from '../../lib/session-store';
import { useApiData } from '../../lib/use-api-data';
import { FraudClaimTable, type FraudColumn } from './fraud-claim-table';

const HOLD_COLUMNS: readonly FraudColumn<FraudHold>[] = [
  { header: 'Score', numeric: true, cell: (hold) => hold.score },
  {
    header: 'Reasons',
    cell: (hold) =>
      hold.reasonCodes.map((code) => (
        <code key={code} className="me-2 d-inline-block">
          {code}
        </code>
      )),
  },
];

/**
 * The fraud queue (docs/behaviour.md#fraud-holds): the claims held by their fraud score,
 * lowest score first, each with the reason codes behind its score. A claim leaves it once a
 * supervisor releases its hold or it is decided.
 */
export function FraudHoldsPage() {
  usePageTitle('Fraud holds');
  const { caseSettings } = useSession();
  const timeZone = caseSettings?.lifecycle.timeZone ?? 'UTC';
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const holds = useApiData(`fraud-holds:${page}:${pageSize}`, (signal) =>
    getFraudHolds({ page, pageSize }, signal),
  );
  const data = holds.data;
  return (
    <>
      <h1>Fraud holds</h1>
      <p>
        Claims whose fraud score fell below the hold threshold, lowest score first. Open a claim to
        see its reasons and the claims that share an address, browser, account or name with it.
      </p>
      <LoadStatus data={holds} loadingText="Loading the held claims…" onRetry={holds.reload} />
      {data === null ? null : data.total === 0 ? (
        <p>No claim is held.</p>
      ) : (
        <>
          <FraudClaimTable
            caption={`${data.total === 1 ? '1 held claim' : `${data.total} held claims`}, lowest score first`}
            rows={data.items}
            columns={HOLD_COLUMNS}
            timeZone={timeZone}
          />
          <PaginationControls
            label="Fraud hold pages"
            page={data.page}
            pageSize={pageSize}
            total={data.total}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </>
      )}
    </>
  );
}
