'use client';
// /knowledge/import: import several files by URL into one dataset, each with
// optional subject / content names and a source link, then follow the
// progress on the upload's own page.
import { ArrowLeft, ListPlus, Plus, Upload, X } from 'lucide-react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import {
  Button,
  Card,
  CardBody,
  CardHeader,
  EmptyState,
  ErrorNote,
  Field,
  Input,
  ListQueryView,
  PageHeader,
  Select,
  Textarea,
  formatDateTime,
} from '@/components/ui';
import { useCanWrite, useDatasets, useStartUpload } from './api';
import { buildUploadRequest } from './forms';
import { FileDrop } from './file-drop';
import { CrawlCard } from './crawl-card';
import type { UploadLimits } from './file-upload';

type Row = { key: number; url: string; subject: string; content: string; source: string };

let nextKey = 1;
const newRow = (url = ''): Row => ({ key: nextKey++, url, subject: '', content: '', source: '' });

export function ImportForm({ uploadLimits }: { uploadLimits: UploadLimits }) {
  const params = useSearchParams();
  const datasets = useDatasets();
  const start = useStartUpload();
  const router = useRouter();
  const [name, setName] = useState('');
  const [dataset, setDataset] = useState(params.get('dataset') ?? '');
  const [rows, setRows] = useState<Row[]>(() => [newRow()]);
  const [bulk, setBulk] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [fileSubject, setFileSubject] = useState('');
  const canWrite = useCanWrite();

  // Default to the first dataset once the list arrives, also when the
  // address named a dataset that does not exist (any more).
  useEffect(() => {
    if (datasets.data?.length && !datasets.data.some((d) => d.name === dataset)) setDataset(datasets.data[0].name);
  }, [dataset, datasets.data]);

  const update = (key: number, patch: Partial<Row>) => setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const request = buildUploadRequest(name, dataset, rows, `Import of ${formatDateTime(new Date())}`);
    if (typeof request === 'string') {
      setProblem(request);
      return;
    }
    setProblem(null);
    start.mutate(request, { onSuccess: (answer) => router.push(`/knowledge/uploads/${answer.id}`) });
  }

  function addBulk() {
    const urls = (bulk ?? '')
      .split(/\s+/)
      .map((u) => u.trim())
      .filter(Boolean);
    if (urls.length) setRows((list) => [...list.filter((r) => r.url.trim() || r.subject || r.content || r.source), ...urls.map((u) => newRow(u))]);
    setBulk(null);
  }

  return (
    <div>
      <Link href="/knowledge" className="mb-3 inline-flex items-center gap-1 rounded text-sm text-slate-600 hover:text-slate-900">
        <ArrowLeft className="size-4" aria-hidden="true" /> Knowledge
      </Link>
      <PageHeader
        title="Import files"
        description="Upload files from your computer, crawl a website or fetch files from their URL: HTML, PDF, DOCX, Markdown, text and Q&A tables are split into passages and indexed."
      />
      {!canWrite ? (
        <EmptyState
          title="Your role cannot import files"
          description="Viewers read the knowledge of a project; ask an editor, admin or owner to import files."
        />
      ) : (
        <ListQueryView
          query={datasets}
          noun="datasets"
          empty={
            <EmptyState
              title="Create a dataset first"
              description="Imported files go into a dataset."
              action={
                <Link href="/knowledge" className="text-sm font-medium text-indigo-700 hover:underline">
                  Go to datasets
                </Link>
              }
            />
          }
        >
          {(list) => (
            <form onSubmit={submit} noValidate className="space-y-6">
              <Card>
                <CardHeader title="Upload" />
                <CardBody className="grid gap-4 sm:grid-cols-2">
                  <Field label="Upload name" hint="Helps you find this import in the list later.">
                    {(p) => <Input {...p} value={name} onChange={(e) => setName(e.target.value)} placeholder="Handbook refresh" maxLength={200} />}
                  </Field>
                  <Field label="Dataset">
                    {(p) => (
                      <Select {...p} value={dataset} onChange={(e) => setDataset(e.target.value)}>
                        {list.map((d) => (
                          <option key={d.id} value={d.name}>
                            {d.name}
                          </option>
                        ))}
                      </Select>
                    )}
                  </Field>
                </CardBody>
              </Card>

              <Card>
                <CardHeader
                  title="From your computer"
                  description="Each file starts uploading into the dataset above as soon as you drop or choose it. Its type is read from its content, not its name."
                />
                <CardBody className="space-y-4">
                  <Field
                    label="Subject for uploaded files"
                    hint="Optional; left empty, the files go under “Uploaded files” and each takes its document's title."
                  >
                    {(p) => <Input {...p} value={fileSubject} onChange={(e) => setFileSubject(e.target.value)} placeholder="Uploaded files" maxLength={200} />}
                  </Field>
                  <FileDrop
                    datasetName={dataset}
                    subjectName={fileSubject}
                    uploadName={name}
                    limits={uploadLimits}
                    hint={
                      <>
                        Files go into <span className="font-medium">{dataset}</span>.
                      </>
                    }
                  />
                </CardBody>
              </Card>

              <CrawlCard datasetName={dataset} uploadName={name} />

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
                              onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}
                              aria-label={`Remove file ${i + 1}`}
                            >
                              <X className="size-4" aria-hidden="true" />
                            </Button>
                          ) : null}
                        </div>
                        <div className="grid gap-3 md:grid-cols-2">
                          <Field label="File URL" className="md:col-span-2">
                            {(p) => (
                              <Input
                                {...p}
                                type="url"
                                inputMode="url"
                                required
                                value={row.url}
                                onChange={(e) => update(row.key, { url: e.target.value })}
                                placeholder="https://example.com/guide.html"
                                maxLength={2000}
                              />
                            )}
                          </Field>
                          <Field label="Subject name">
                            {(p) => <Input {...p} value={row.subject} onChange={(e) => update(row.key, { subject: e.target.value })} maxLength={200} />}
                          </Field>
                          <Field label="Content name">
                            {(p) => <Input {...p} value={row.content} onChange={(e) => update(row.key, { content: e.target.value })} maxLength={500} />}
                          </Field>
                          <Field label="Source link" className="md:col-span-2" hint="Shown with search results instead of the file URL.">
                            {(p) => (
                              <Input
                                {...p}
                                type="url"
                                inputMode="url"
                                value={row.source}
                                onChange={(e) => update(row.key, { source: e.target.value })}
                                placeholder="https://…"
                                maxLength={2000}
                              />
                            )}
                          </Field>
                        </div>
                      </li>
                    ))}
                  </ol>
                  <Button variant="secondary" onClick={() => setRows((list) => [...list, newRow()])}>
                    <Plus className="size-4" aria-hidden="true" /> Add another file
                  </Button>
                </CardBody>
              </Card>

              <ErrorNote error={problem || start.error} roomy />
              <div className="flex justify-end">
                <Button type="submit" loading={start.isPending}>
                  <Upload className="size-4" aria-hidden="true" /> Start import
                </Button>
              </div>
            </form>
          )}
        </ListQueryView>
      )}
    </div>
  );
}
