import type { SortState } from '../rankings-sort';

interface Props<K extends string> {
  column: K;
  label: string;
  sort: SortState<K>;
  onSort: (column: K) => void;
  className?: string;
}

/** A column header that sorts its table: the button reads as the header, the arrow and aria-sort say which way. */
export function SortHeader<K extends string>({ column, label, sort, onSort, className }: Props<K>) {
  const active = sort.column === column;
  return (
    <th scope="col" aria-sort={active ? sort.direction : 'none'} className={className}>
      <button type="button" className="rankings-sort" onClick={() => onSort(column)}>
        <span>{label}</span>
        <span className="rankings-sort-arrow" aria-hidden="true">
          {active ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}
