'use client';
// The frame the credits and tokens pages share: title with the period, the
// download button, period and datamodel filters in the address, and the
// loading, error and refetching states of the report query. Each page
// brings only its query and how a loaded report reads.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { PageHeader, QueryView, Skeleton, formatDate } from '@/components/ui';
import { useDatamodels } from './api';
import { DownloadButton } from './download-button';
import type { DateRange } from './params';
import { DatamodelFilter, RangePicker } from './range-picker';
import { useReportRange } from './use-report-range';
import { PhoneFilters } from './phone-filters';

export function SeriesReportPage<T>({
  title,
  mayDownload,
  useReport,
  body,
}: {
  title: string;
  mayDownload: boolean;
  /** The report's query hook for the chosen period and datamodel. */
  useReport: (range: DateRange, datamodel: string) => UseQueryResult<T>;
  body: (report: T, view: { range: DateRange; datamodel: string }) => ReactNode;
}) {
  const { range, datamodel, setRange, setDatamodel } = useReportRange();
  const report = useReport(range, datamodel);
  const datamodels = useDatamodels();

  return (
    <div>
      <PageHeader
        title={title}
        description={`${formatDate(range.start)} – ${formatDate(range.end)}${datamodel ? ` · ${datamodel}` : ''}`}
        actions={mayDownload ? <DownloadButton range={range} datamodel={datamodel} /> : null}
      />
      <PhoneFilters summary={`${formatDate(range.start)} – ${formatDate(range.end)} · ${datamodel || 'All datamodels'}`}>
        <RangePicker value={range} onChange={setRange} />
        <DatamodelFilter value={datamodel} onChange={setDatamodel} datamodels={datamodels.data} />
      </PhoneFilters>
      <QueryView
        query={report}
        loading={
          <div className="space-y-4">
            <Skeleton className="h-24" />
            <Skeleton className="h-80" />
          </div>
        }
        errorTitle={`Could not load the ${title.toLowerCase()} report`}
        dim
      >
        {(data) => body(data, { range, datamodel })}
      </QueryView>
    </div>
  );
}
