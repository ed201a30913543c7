'use client';
// /knowledge/{id}: one dataset, its subjects and their contents, with every
// editing action (create, rename, edit links, delete with confirmation).
import { FolderPlus, Pencil, Search, Trash2, Upload } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button, Card, CardBody, CardHeader, ConfirmDialog, EmptyState, ListQueryView, Select, formatDate, useToast } from '@/components/ui';
import {
  type ContentOrder,
  type SubjectRecord,
  useCanWrite,
  useContentMatches,
  useCreateSubject,
  useDataset,
  useDeleteDataset,
  useRenameDataset,
  useSubjects,
} from './api';
import { ContentFilter, ContentSort } from './content-filter';
import { useDebounced } from '@/components/ui/use-debounced';
import { NamedOptions } from '@/components/ui/named-options';
import { useCloseWith } from './close-with';
import { KnowledgePage } from './knowledge-page';
import { NameDialog } from './name-dialog';
import { SubjectCard } from './subject-card';
import { FileDrop } from './file-drop';
import { DatasetSync } from './dataset-sync';
import type { UploadLimits } from './file-upload';

export function DatasetView({ datasetId, uploadLimits }: { datasetId: number; uploadLimits: UploadLimits }) {
  const dataset = useDataset(datasetId);
  const rename = useRenameDataset();
  const remove = useDeleteDataset();
  const addSubject = useCreateSubject();
  const [dialog, setDialog] = useState<'rename' | 'delete' | 'subject' | null>(null);
  const router = useRouter();
  const toast = useToast();
  const closeWith = useCloseWith(() => setDialog(null));
  const canWrite = useCanWrite();

  const open = (which: typeof dialog) => {
    rename.reset();
    remove.reset();
    addSubject.reset();
    setDialog(which);
  };

  return (
    <KnowledgePage
      kind="Dataset"
      query={dataset}
      description={(data) => data.description || `Created ${formatDate(data.created_at)}`}
      actions={(data) =>
        canWrite && (
          <>
            <Link
              href={`/knowledge/import?dataset=${encodeURIComponent(data.name)}`}
              className="inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50"
            >
              <Upload className="size-4" aria-hidden="true" /> Import files
            </Link>
            <Button variant="secondary" onClick={() => open('rename')}>
              <Pencil className="size-4" aria-hidden="true" /> Rename
            </Button>
            <Button variant="secondary" onClick={() => open('delete')} className="text-red-700! hover:bg-red-50">
              <Trash2 className="size-4" aria-hidden="true" /> Delete
            </Button>
          </>
        )
      }
    >
      {(data) => (
        <>
          {/* Mounted once the dataset has loaded: a dataset that does not exist asks for nothing more. */}
          <DatasetSubjects datasetId={datasetId} datasetName={data.name} canWrite={canWrite} uploadLimits={uploadLimits} onAddSubject={() => open('subject')} />
          <DatasetSync datasetId={datasetId} />

          <NameDialog
            open={dialog === 'rename'}
            title="Rename dataset"
            initialName={data.name}
            submitLabel="Save"
            save={rename}
            onClose={() => setDialog(null)}
            onSubmit={({ name }) => rename.mutate({ id: datasetId, name }, closeWith('Dataset renamed'))}
          />
          <NameDialog
            open={dialog === 'subject'}
            title="Add subject"
            submitLabel="Add subject"
            save={addSubject}
            onClose={() => setDialog(null)}
            onSubmit={({ name }) => addSubject.mutate({ datasetId, name }, closeWith(`Subject “${name}” added`))}
          />
          <ConfirmDialog
            open={dialog === 'delete'}
            title={`Delete “${data.name}”?`}
            description="Its subjects, contents and indexed passages are deleted too. This cannot be undone."
            confirmLabel="Delete dataset"
            pending={remove.isPending}
            error={remove.error ? remove.error.message : undefined}
            onCancel={() => setDialog(null)}
            onConfirm={() =>
              remove.mutate(datasetId, {
                onSuccess: () => {
                  toast.success('Dataset deleted');
                  router.push('/knowledge');
                },
              })
            }
          />
        </>
      )}
    </KnowledgePage>
  );
}

/** The dataset's files and subjects, filtered and sorted in the database. */
function DatasetSubjects({
  datasetId,
  datasetName,
  canWrite,
  uploadLimits,
  onAddSubject,
}: {
  datasetId: number;
  datasetName: string;
  canWrite: boolean;
  uploadLimits: UploadLimits;
  onAddSubject: () => void;
}) {
  const subjects = useSubjects(datasetId);
  const [filter, setFilter] = useState('');
  const q = useDebounced(filter.trim(), 250);
  const [order, setOrder] = useState<ContentOrder>('name');
  return (
    <>
      {canWrite ? <AddFiles datasetName={datasetName} subjects={subjects.data ?? []} limits={uploadLimits} /> : null}

      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Subjects</h2>
        {subjects.data && subjects.data.length > 0 ? (
          <>
            <ContentFilter value={filter} onChange={setFilter} />
            <ContentSort value={order} onChange={setOrder} />
          </>
        ) : null}
        {canWrite ? (
          <Button onClick={() => onAddSubject()}>
            <FolderPlus className="size-4" aria-hidden="true" /> Add subject
          </Button>
        ) : null}
      </div>

      <ListQueryView
        query={subjects}
        noun="subjects"
        empty={{
          description: 'Subjects group the contents of a dataset, for example by product or by team.',
          action: canWrite && (
            <Button onClick={() => onAddSubject()}>
              <FolderPlus className="size-4" aria-hidden="true" /> Add subject
            </Button>
          ),
        }}
      >
        {(list) => <SubjectList subjects={list} filter={q} order={order} canWrite={canWrite} datasetId={datasetId} />}
      </ListQueryView>
    </>
  );
}

/** Subjects with their contents; while filtering (in the database), only subjects with a match show. */
function SubjectList({
  subjects,
  filter,
  order,
  canWrite,
  datasetId,
}: {
  subjects: SubjectRecord[];
  filter: string;
  order: ContentOrder;
  canWrite: boolean;
  datasetId: number;
}) {
  const matches = useContentMatches(datasetId, filter);
  if (filter && matches.data === 0)
    return (
      <EmptyState
        icon={<Search className="size-8" />}
        title="No contents match"
        description={`Nothing in this dataset is named like “${filter}”, nor links to it.`}
      />
    );
  return (
    <div className="space-y-4">
      {subjects.map((subject) => (
        <SubjectCard key={subject.id} canWrite={canWrite} datasetId={datasetId} subject={subject} filter={filter} order={order} />
      ))}
    </div>
  );
}

/** Files dropped here go straight into this dataset, under the chosen subject. */
function AddFiles({ datasetName, subjects, limits }: { datasetName: string; subjects: SubjectRecord[]; limits: UploadLimits }) {
  const [subject, setSubject] = useState('');
  return (
    <Card className="mb-6">
      <CardHeader
        title="Add files"
        description="Drop files from your computer, or choose them; each is split into passages and indexed in this dataset."
        actions={
          <label className="flex items-center gap-2 text-sm text-slate-700">
            Subject
            <Select value={subject} onChange={(e) => setSubject(e.target.value)} className="h-8 w-48 py-0">
              <option value="">Uploaded files</option>
              <NamedOptions records={subjects.filter((s) => s.name !== 'Uploaded files')} valueBy="name" />
            </Select>
          </label>
        }
      />
      <CardBody>
        <FileDrop datasetName={datasetName} subjectName={subject} limits={limits} />
      </CardBody>
    </Card>
  );
}
