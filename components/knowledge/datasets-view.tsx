'use client';
// /knowledge: every dataset of the project with its subject and content
// counts, a way to create one, and the recent imports.
import { Database, FileText, FolderTree, Upload } from 'lucide-react';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/components/api/client';
import { ListQueryView, PageHeader, formatDate, formatNumber } from '@/components/ui';
import { type DatasetFull, useCanWrite } from './api';
import { useNewDataset } from './new-dataset';
import { RecentUploads } from './recent-uploads';

export function DatasetsView() {
  const full = useQuery({ queryKey: ['knowledge', 'datasets', 'full'], queryFn: () => apiFetch<DatasetFull[]>('/searcher/v1/datasets/full') });
  const newDataset = useNewDataset();
  const canWrite = useCanWrite();

  return (
    <div>
      <PageHeader
        title="Knowledge"
        description="Datasets hold subjects, subjects hold contents; searches and datamodels answer from them."
        actions={
          canWrite && (
            <>
              <Link
                href="/knowledge/import"
                className="inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50"
              >
                <Upload className="size-4" aria-hidden="true" /> Import files
              </Link>
              {newDataset.button}
            </>
          )
        }
      />

      <ListQueryView
        query={full}
        noun="datasets"
        empty={{
          icon: <Database className="size-8" />,
          description: 'Create a dataset, then add subjects and contents by hand or import files by URL.',
          action: canWrite && newDataset.button,
        }}
      >
        {(list) => (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Datasets">
            {list.map((dataset) => (
              <li key={dataset.id} className="min-w-0">
                <DatasetCard dataset={dataset} />
              </li>
            ))}
          </ul>
        )}
      </ListQueryView>

      <RecentUploads className="mt-8" />
      {newDataset.dialog}
    </div>
  );
}

/** A dataset as a link to its page: name, description, and how much it holds. */
function DatasetCard({ dataset }: { dataset: DatasetFull }) {
  const contents = dataset.subjects.reduce((sum, s) => sum + s.contents.length, 0);
  return (
    <Link
      href={`/knowledge/${dataset.id}`}
      className="group block h-full rounded-lg border border-slate-200 bg-white p-5 shadow-sm transition hover:border-indigo-300 hover:shadow-md"
    >
      <div className="flex items-start gap-3">
        <span className="rounded-md bg-indigo-50 p-2 text-indigo-600" aria-hidden="true">
          <Database className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-slate-900 group-hover:text-indigo-700">{dataset.name}</h2>
          <p className="mt-1 line-clamp-2 text-sm text-slate-500">{dataset.description || 'No description'}</p>
        </div>
      </div>
      <dl className="mt-4 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
        <div className="flex items-center gap-1.5">
          <FolderTree className="size-4 text-slate-400" aria-hidden="true" />
          <dt className="sr-only">Subjects</dt>
          <dd>
            {formatNumber(dataset.subjects.length)} {dataset.subjects.length === 1 ? 'subject' : 'subjects'}
          </dd>
        </div>
        <div className="flex items-center gap-1.5">
          <FileText className="size-4 text-slate-400" aria-hidden="true" />
          <dt className="sr-only">Contents</dt>
          <dd>
            {formatNumber(contents)} {contents === 1 ? 'content' : 'contents'}
          </dd>
        </div>
        <div>
          <dt className="sr-only">Created</dt>
          <dd>Created {formatDate(dataset.created_at)}</dd>
        </div>
      </dl>
    </Link>
  );
}
