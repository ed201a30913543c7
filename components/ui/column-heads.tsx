// The header of a data table: one `<th scope="col">` a column, so a screen
// reader names each cell by its column. The row has the tables' usual look
// unless a table gives its own; the cells' classes stay each table's own
// (padding and alignment differ between tables).

const HEAD_ROW = 'border-b border-slate-100 text-left text-xs uppercase tracking-wide text-slate-500';

export type ColumnHead = { label: string; className: string };

/** `columns`: a `false` entry is a column the table does not show this time. */
export function ColumnHeads({ className = HEAD_ROW, columns }: { className?: string; columns: (ColumnHead | false)[] }) {
  return (
    <thead>
      <tr className={className}>
        {columns
          .filter((column): column is ColumnHead => column !== false)
          .map((column) => (
            <th key={column.label} scope="col" className={column.className}>
              {column.label}
            </th>
          ))}
      </tr>
    </thead>
  );
}
