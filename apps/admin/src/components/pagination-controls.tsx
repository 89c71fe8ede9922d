import { PAGE_SIZES, type PageSize } from '@claims/core/admin/admin-api';
import { useId } from 'react';

/** Previous and next page, where the list stands, and how many rows a page holds. */
export function PaginationControls({
  label,
  page,
  pageSize,
  total,
  moreThanTotal = false,
  onPage,
  onPageSize,
}: {
  /** What the list is, for the navigation landmark's name: "Claims pages". */
  label: string;
  page: number;
  pageSize: PageSize;
  total: number;
  /** More rows than `total` follow: the server stopped counting there. */
  moreThanTotal?: boolean;
  onPage: (page: number) => void;
  onPageSize: (pageSize: PageSize) => void;
}) {
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const lastPage = !moreThanTotal && page >= pages;
  return (
    <nav aria-label={label} className="d-flex flex-wrap align-items-center gap-3 my-3">
      <button
        type="button"
        className="btn btn-outline-primary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous page
      </button>
      <span>
        Page {Math.min(page, pages)} of {moreThanTotal ? `more than ${pages}` : pages}
      </span>
      <button
        type="button"
        className="btn btn-outline-primary"
        disabled={lastPage}
        onClick={() => onPage(page + 1)}
      >
        Next page
      </button>
      <label htmlFor={sizeId} className="ms-md-auto">
        Rows per page
      </label>
      <select
        id={sizeId}
        className="form-select w-auto"
        value={pageSize}
        onChange={(event) => onPageSize(Number(event.target.value) as PageSize)}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </nav>
  );
}
