'use client';
// The numbers behind a chart, folded under it: readable by screen readers
// and copyable, where the chart itself is only a picture.
import { formatDate, formatNumber } from '@/components/ui';

export function SeriesTable<T extends { date: string }>({ rows, columns }: { rows: T[]; columns: { key: keyof T & string; label: string }[] }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer rounded text-slate-600 hover:text-slate-900">Show the numbers</summary>
      <div className="mt-2 max-h-72 overflow-auto rounded-md border border-slate-200">
        <table className="w-full text-right">
          <thead className="sticky top-0 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                Period from
              </th>
              {columns.map((c) => (
                <th key={c.key} scope="col" className="px-3 py-2 font-medium">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 tabular-nums">
            {rows.map((row) => (
              <tr key={row.date}>
                <th scope="row" className="px-3 py-1.5 text-left font-normal text-slate-700">
                  {formatDate(row.date)}
                </th>
                {columns.map((c) => (
                  <td key={c.key} className="px-3 py-1.5">
                    {formatNumber(Number(row[c.key]))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
