// The header of a data table: one `<th scope="col">` a column, so a screen
// reader names each cell by its column. The classes stay each table's own
// (padding and alignment differ between tables).

export type ColumnHead = { label: string; className: string };

/** `columns`: a `false` entry is a column the table does not show this time. */
export function ColumnHeads({ className, columns }: { className: string; columns: (ColumnHead | false)[] }) {
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
