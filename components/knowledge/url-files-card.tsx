'use client';
// The "Files by URL" part of /knowledge/import: one row a file (its URL and
// optional subject, content name and source link), more rows by hand or
// pasted as a list of URLs.
import { ListPlus, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, CardBody, CardHeader, Field, Input, Textarea, UrlInput } from '@/components/ui';

export type UrlRow = { key: number; url: string; subject: string; content: string; source: string };

let nextKey = 1;
export const newUrlRow = (url = ''): UrlRow => ({ key: nextKey++, url, subject: '', content: '', source: '' });

export function UrlFilesCard({ rows, onChange }: { rows: UrlRow[]; onChange: (update: (rows: UrlRow[]) => UrlRow[]) => void }) {
  const [bulk, setBulk] = useState<string | null>(null);
  const update = (key: number, patch: Partial<UrlRow>) => onChange((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  function addBulk() {
    const urls = (bulk ?? '')
      .split(/\s+/)
      .map((u) => u.trim())
      .filter(Boolean);
    if (urls.length) onChange((list) => [...list.filter((r) => r.url.trim() || r.subject || r.content || r.source), ...urls.map((u) => newUrlRow(u))]);
    setBulk(null);
  }

  return (
    <Card>
      <CardHeader
        title="Files by URL"
        description="Subject and content names are optional; left empty, the subject is the file's host name and the content takes the document's title."
        actions={
          <Button size="sm" variant="secondary" onClick={() => setBulk(bulk === null ? '' : null)}>
            <ListPlus className="size-4" aria-hidden="true" /> Paste several URLs
          </Button>
        }
      />
      <CardBody className="space-y-4">
        {bulk !== null ? (
          <div className="rounded-md border border-slate-200 bg-slate-50 p-3">
            <Field label="URLs, one per line">
              {(p) => (
                <Textarea
                  {...p}
                  rows={4}
                  value={bulk}
                  onChange={(e) => setBulk(e.target.value)}
                  placeholder={'https://example.com/a.html\nhttps://example.com/b.pdf'}
                />
              )}
            </Field>
            <div className="mt-2 flex justify-end gap-2">
              <Button size="sm" variant="ghost" onClick={() => setBulk(null)}>
                Cancel
              </Button>
              <Button size="sm" onClick={addBulk}>
                Add these files
              </Button>
            </div>
          </div>
        ) : null}
        <ol className="space-y-4">
          {rows.map((row, i) => (
            <li key={row.key} className="rounded-md border border-slate-200 p-3 sm:p-4">
              <div className="mb-2 flex items-center justify-between">
                <span className="text-sm font-medium text-slate-700">File {i + 1}</span>
                {rows.length > 1 ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onChange((list) => list.filter((r) => r.key !== row.key))}
                    aria-label={`Remove file ${i + 1}`}
                  >
                    <X className="size-4" aria-hidden="true" />
                  </Button>
                ) : null}
              </div>
              <UrlRowFields row={row} onChange={(patch) => update(row.key, patch)} />
            </li>
          ))}
        </ol>
        <Button variant="secondary" onClick={() => onChange((list) => [...list, newUrlRow()])}>
          <Plus className="size-4" aria-hidden="true" /> Add another file
        </Button>
      </CardBody>
    </Card>
  );
}

/** The fields of one file: its URL, and the names and link that are optional. */
function UrlRowFields({ row, onChange }: { row: UrlRow; onChange: (patch: Partial<UrlRow>) => void }) {
  const set = (field: 'url' | 'subject' | 'content' | 'source') => (e: React.ChangeEvent<HTMLInputElement>) => onChange({ [field]: e.target.value });
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <Field label="File URL" className="md:col-span-2">
        {(p) => <UrlInput {...p} required value={row.url} onChange={set('url')} placeholder="https://example.com/guide.html" />}
      </Field>
      <Field label="Subject name">{(p) => <Input {...p} value={row.subject} onChange={set('subject')} maxLength={200} />}</Field>
      <Field label="Content name">{(p) => <Input {...p} value={row.content} onChange={set('content')} maxLength={500} />}</Field>
      <Field label="Source link" className="md:col-span-2" hint="Shown with search results instead of the file URL.">
        {(p) => <UrlInput {...p} value={row.source} onChange={set('source')} placeholder="https://…" />}
      </Field>
    </div>
  );
}
