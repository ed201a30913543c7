'use client';
// "Download .xlsx": choose the sections and the header language, then the
// report of the period shown is fetched and saved as a file.
import { FileSpreadsheet } from 'lucide-react';
import { useId, useState } from 'react';
import { Button, Dialog, Select, errorMessage, formatDate, useToast } from '@/components/ui';
import { downloadReport } from './api';
import type { DateRange, DownloadChoice, DownloadFilters } from './params';

const SECTIONS: { value: DownloadChoice['section']; label: string; hint: string }[] = [
  { value: 'all', label: 'Everything', hint: 'Credits, tokens and threads sheets' },
  { value: 'credits', label: 'Credits', hint: 'Credits per period by origin' },
  { value: 'tokens', label: 'Tokens', hint: 'Processed tokens and requests per period' },
  { value: 'threads', label: 'Threads', hint: 'Every interaction of every thread' },
];

/**
 * `filters` go to the endpoint as they are; `scope` (threads page) lists which
 * of the page's filters the file follows and which it cannot.
 */
export function DownloadButton({
  range,
  datamodel,
  filters,
  scope,
}: {
  range: DateRange;
  datamodel?: string;
  filters?: DownloadFilters;
  scope?: { applied: string[]; notApplied: string[] };
}) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<DownloadChoice>({ section: 'all', language: 'en' });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const toast = useToast();
  const id = useId();

  async function download() {
    setPending(true);
    setError(null);
    try {
      const name = await downloadReport(range, choice, { ...filters, ...(datamodel ? { datamodelName: datamodel } : {}) });
      toast.success(`Downloaded ${name}`);
      setOpen(false);
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        <FileSpreadsheet className="size-4" aria-hidden="true" /> Download .xlsx
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Download report"
        description={`${formatDate(range.start)} – ${formatDate(range.end)}${datamodel ? ` · ${datamodel}` : ''}`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={pending}>
              Cancel
            </Button>
            <Button onClick={download} loading={pending}>
              <FileSpreadsheet className="size-4" aria-hidden="true" /> Download
            </Button>
          </>
        }
      >
        {scope ? (
          <div className="mb-4 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm" data-testid="download-scope">
            <p className="font-medium text-slate-700">The file applies</p>
            <ul className="mt-1 list-inside list-disc text-slate-600">
              {scope.applied.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            {scope.notApplied.length > 0 ? (
              <>
                <p className="mt-2 font-medium text-amber-800">Not applied (the download has no such filter)</p>
                <ul className="mt-1 list-inside list-disc text-amber-800">
                  {scope.notApplied.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ) : null}
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Sections</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {SECTIONS.map((s) => (
              <label
                key={s.value}
                className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 p-3 has-[:checked]:border-indigo-400 has-[:checked]:bg-indigo-50"
              >
                <input
                  type="radio"
                  name={`${id}-section`}
                  value={s.value}
                  checked={choice.section === s.value}
                  onChange={() => setChoice((c) => ({ ...c, section: s.value }))}
                  className="mt-0.5 accent-indigo-600"
                />
                <span>
                  <span className="block text-sm font-medium text-slate-800">{s.label}</span>
                  <span className="block text-xs text-slate-500">{s.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4">
          <label htmlFor={`${id}-language`} className="block text-sm font-medium text-slate-700">
            Column headers
          </label>
          <Select
            id={`${id}-language`}
            className="mt-1.5"
            value={choice.language}
            onChange={(e) => setChoice((c) => ({ ...c, language: e.target.value as DownloadChoice['language'] }))}
          >
            <option value="en">English</option>
            <option value="pt">Português</option>
          </Select>
        </div>
        {error ? (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {errorMessage(error)}
          </p>
        ) : null}
      </Dialog>
    </>
  );
}
