'use client';
// The frame the credits and tokens pages share: title with the period, the
// download button, period and datamodel filters in the address, and the
// loading, error and refetching states of the report query. Each page
// brings only its query and how a loaded report reads.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryView, Skeletons } from '@/components/ui';
import { useDatamodels } from './api';
import { DownloadButton } from './download-button';
import type { DateRange } from './params';
import { ReportHeader } from './report-header';
import { useReportRange } from './use-report-range';

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
      <ReportHeader
        title={title}
        range={range}
        onRangeChange={setRange}
        datamodel={{ value: datamodel, onChange: setDatamodel, choices: datamodels.data }}
        actions={mayDownload ? <DownloadButton range={range} datamodel={datamodel} /> : null}
      />
      <QueryView
        query={report}
        loading={<Skeletons className="space-y-4" blocks={['h-24', 'h-80']} />}
        errorTitle={`Could not load the ${title.toLowerCase()} report`}
        dim
      >
        {(data) => body(data, { range, datamodel })}
      </QueryView>
    </div>
  );
}
