import type { ReactNode } from 'react';
import './stacked-table.css';

export interface StackedTableProps<Row> {
  caption: ReactNode;
  captionClassName?: string;
  /** The columns' headings, in order: also each cell's label where a phone stacks them (data-label). */
  columns: readonly string[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** One cell per column, in order: the first is the row's header. */
  cells: (row: Row) => readonly ReactNode[];
}

/**
 * A table whose rows stack on a phone, each cell under its column's heading (stacked-table.css). WebKit
 * drops a table's roles once CSS shows its parts as blocks, so they are said outright: VoiceOver on an
 * iPhone, where the cells stack, still reads each with its column. The linter calls these roles redundant,
 * and a td a grid's interactive cell: here CSS makes them needed, and this is no grid.
 */
export function StackedTable<Row>({ caption, captionClassName, columns, rows, rowKey, cells }: StackedTableProps<Row>) {
  /* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role */
  return (
    <table className="data-table stacked-table" role="table">
      <caption className={captionClassName}>{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          {columns.map((heading) => (
            <th key={heading} scope="col" role="columnheader">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.map((row) => {
          const [header, ...rest] = cells(row);
          return (
            <tr key={rowKey(row)} role="row">
              <th scope="row" role="rowheader">
                {header}
              </th>
              {rest.map((cell, i) => (
                <td key={columns[i + 1]} role="cell" data-label={columns[i + 1]}>
                  {cell}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
  /* eslint-enable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role */
}
