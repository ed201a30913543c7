'use client';
// The top of a report page: the title with the period (and datamodel) it
// shows, its actions, and its filters (folded behind one button on a phone).
import type { ReactNode } from 'react';
import { PageHeader, formatDate } from '@/components/ui';
import type { DatamodelListItem } from './api';
import type { DateRange } from './params';
import { PhoneFilters } from './phone-filters';
import { DatamodelFilter, RangePicker } from './range-picker';

export function ReportHeader({
  title,
  range,
  onRangeChange,
  datamodel,
  actions,
}: {
  title: string;
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
  /** The datamodel filter, on the reports that have one ('' = all datamodels). */
  datamodel?: { value: string; onChange: (name: string) => void; choices: DatamodelListItem[] | undefined };
  actions?: ReactNode;
}) {
  const period = `${formatDate(range.start)} – ${formatDate(range.end)}`;
  return (
    <>
      <PageHeader title={title} description={datamodel?.value ? `${period} · ${datamodel.value}` : period} actions={actions} />
      <PhoneFilters summary={datamodel ? `${period} · ${datamodel.value || 'All datamodels'}` : period}>
        <RangePicker value={range} onChange={onRangeChange} />
        {datamodel ? <DatamodelFilter value={datamodel.value} onChange={datamodel.onChange} datamodels={datamodel.choices} /> : null}
      </PhoneFilters>
    </>
  );
}
