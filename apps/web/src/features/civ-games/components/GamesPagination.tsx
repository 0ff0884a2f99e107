import Pagination from 'react-bootstrap/Pagination';

interface Props {
  /** names the navigation, e.g. 'Active Games pages' */
  label: string;
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/** Up to five page numbers around the current one. */
export function pageWindow(page: number, pageCount: number, size = 5): number[] {
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), pageCount - size + 1));
  return Array.from({ length: Math.min(size, pageCount) }, (_, i) => start + i);
}

/** Server-side paging for a games table; nothing when everything fits on one page. */
export function GamesPagination({ label, page, total, pageSize, onPage }: Props) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (pageCount <= 1) return null;
  // Only live items are buttons; the current and unavailable ones render as plain text.
  const button = (enabled: boolean) => (enabled ? { as: 'button' as const, type: 'button' as const } : {});
  return (
    <nav aria-label={label}>
      <Pagination size="sm" className="flex-wrap mb-0">
        <Pagination.Prev {...button(page > 1)} disabled={page <= 1} onClick={() => onPage(page - 1)} />
        {pageWindow(page, pageCount).map((n) => (
          <Pagination.Item
            key={n}
            {...button(n !== page)}
            active={n === page}
            aria-current={n === page ? 'page' : undefined}
            onClick={() => onPage(n)}
          >
            <span className="visually-hidden">Page </span>
            {n}
          </Pagination.Item>
        ))}
        <Pagination.Next {...button(page < pageCount)} disabled={page >= pageCount} onClick={() => onPage(page + 1)} />
      </Pagination>
      <p className="small text-body-secondary mt-1 mb-0">
        Page {page} of {pageCount} ({total} games)
      </p>
    </nav>
  );
}
