import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';

export interface HiscoresTableRow {
  key: string;
  /** The row's header cell: the name of a skill, boss or activity (with its icon). */
  name: ReactNode;
  /** One cell per value column. */
  values: readonly ReactNode[];
  /** Written across the value columns in place of the values. */
  note?: string;
  className?: string;
  /** Marks the row with its skill (`data-skill`). */
  skill?: string;
}

interface HiscoresTableProps {
  /** The id of the heading that names the table. */
  labelledBy: string;
  /** The column headings: the name column, then the value columns (right-aligned). */
  columns: readonly [string, ...string[]];
  rows: readonly HiscoresTableRow[];
  /** A row summing up the others (Overall), set apart in the footer. */
  summary?: HiscoresTableRow;
  className?: string;
  hover?: boolean;
}

function ValueCells({ row, span }: { row: HiscoresTableRow; span: number }) {
  if (row.note !== undefined)
    return (
      <td colSpan={span} className="text-end fst-italic">
        {row.note}
      </td>
    );
  return row.values.map((value, i) => (
    <td key={i} className="text-end">
      {value}
    </td>
  ));
}

/** A hiscores table: a name per row as its header, numbers right-aligned; on narrow screens it scrolls inside its card, not the page. */
export function HiscoresTable({ labelledBy, columns, rows, summary, className, hover }: HiscoresTableProps) {
  const [nameColumn, ...valueColumns] = columns;
  return (
    <Table responsive striped hover={hover} size="sm" className={className ? `${className} mb-0` : 'mb-0'} aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">{nameColumn}</th>
          {valueColumns.map((column) => (
            <th key={column} scope="col" className="text-end">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} data-skill={row.skill} className={row.className}>
            <th scope="row" className="fw-normal">
              {row.name}
            </th>
            <ValueCells row={row} span={valueColumns.length} />
          </tr>
        ))}
      </tbody>
      {summary && (
        <tfoot>
          <tr className={summary.className}>
            <th scope="row">{summary.name}</th>
            <ValueCells row={summary} span={valueColumns.length} />
          </tr>
        </tfoot>
      )}
    </Table>
  );
}
