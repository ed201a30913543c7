'use client';
// "Download .xlsx": choose the sections and the header language, then the
// report of the period shown is fetched and saved as a file.
import { FileSpreadsheet } from 'lucide-react';
import { useId, useState } from 'react';
import { Button, Dialog, Select, errorMessage, formatDate, useToast } from '@/components/ui';
import { downloadReport } from './api';
import type { DateRange, DownloadChoice } from './params';

const SECTIONS: { value: DownloadChoice['section']; label: string; hint: string }[] = [
  { value: 'all', label: 'Everything', hint: 'Credits, tokens and threads sheets' },
  { value: 'credits', label: 'Credits', hint: 'Credits per period by origin' },
  { value: 'tokens', label: 'Tokens', hint: 'Processed tokens and requests per period' },
  { value: 'threads', label: 'Threads', hint: 'Every interaction of every thread' },
];

export function DownloadButton({ range, datamodel }: { range: DateRange; datamodel?: string }) {
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
      const name = await downloadReport(range, choice, datamodel || undefined);
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
      <Button variant="secondary" onClick={() => { setError(null); setOpen(true); }}>
        <FileSpreadsheet className="size-4" aria-hidden="true" /> Download .xlsx
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Download report"
        description={`${formatDate(range.start)} – ${formatDate(range.end)}${datamodel ? ` · ${datamodel}` : ''}`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={pending}>Cancel</Button>
            <Button onClick={download} loading={pending}><FileSpreadsheet className="size-4" aria-hidden="true" /> Download</Button>
          </>
        }
      >
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Sections</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {SECTIONS.map((s) => (
              <label key={s.value} className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 p-3 has-[:checked]:border-indigo-400 has-[:checked]:bg-indigo-50">
                <input type="radio" name={`${id}-section`} value={s.value} checked={choice.section === s.value} onChange={() => setChoice((c) => ({ ...c, section: s.value }))} className="mt-0.5 accent-indigo-600" />
                <span>
                  <span className="block text-sm font-medium text-slate-800">{s.label}</span>
                  <span className="block text-xs text-slate-500">{s.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4">
          <label htmlFor={`${id}-language`} className="block text-sm font-medium text-slate-700">Column headers</label>
          <Select id={`${id}-language`} className="mt-1.5" value={choice.language} onChange={(e) => setChoice((c) => ({ ...c, language: e.target.value as DownloadChoice['language'] }))}>
            <option value="en">English</option>
            <option value="pt">Português</option>
          </Select>
        </div>
        {error ? <p role="alert" className="mt-4 text-sm text-red-700">{errorMessage(error)}</p> : null}
      </Dialog>
    </>
  );
}
