'use client';
// /knowledge/import: import several files by URL into one dataset, each with
// optional subject / content names and a source link, then follow the
// progress on the upload's own page.
import { ArrowLeft, Upload } from 'lucide-react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Button, Card, CardBody, CardHeader, EmptyState, ErrorNote, Field, Input, ListQueryView, PageHeader, Select, formatDateTime } from '@/components/ui';
import { NamedOptions } from '@/components/ui/named-options';
import { useCanWrite, useDatasets, useStartUpload } from './api';
import { buildUploadRequest } from './forms';
import { FileDrop } from './file-drop';
import { CrawlCard } from './crawl-card';
import { UrlFilesCard, type UrlRow, newUrlRow } from './url-files-card';
import type { UploadLimits } from './file-upload';

export function ImportForm({ uploadLimits }: { uploadLimits: UploadLimits }) {
  const params = useSearchParams();
  const datasets = useDatasets();
  const start = useStartUpload();
  const router = useRouter();
  const [name, setName] = useState('');
  const [dataset, setDataset] = useState(params.get('dataset') ?? '');
  const [rows, setRows] = useState<UrlRow[]>(() => [newUrlRow()]);
  const [problem, setProblem] = useState<string | null>(null);
  const [fileSubject, setFileSubject] = useState('');
  const canWrite = useCanWrite();

  // Default to the first dataset once the list arrives, also when the
  // address named a dataset that does not exist (any more).
  useEffect(() => {
    if (datasets.data?.length && !datasets.data.some((d) => d.name === dataset)) setDataset(datasets.data[0].name);
  }, [dataset, datasets.data]);

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
          empty={{
            title: 'Create a dataset first',
            description: 'Imported files go into a dataset.',
            action: (
              <Link href="/knowledge" className="text-sm font-medium text-indigo-700 hover:underline">
                Go to datasets
              </Link>
            ),
          }}
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
                        <NamedOptions records={list} valueBy="name" />
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

              <UrlFilesCard rows={rows} onChange={setRows} />

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
