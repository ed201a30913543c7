'use client';
// /knowledge: every dataset of the project with its subject and content
// counts, a way to create one, and the recent imports.
import { Database, FileText, FolderTree, Plus, Upload } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/components/api/client';
import { Button, EmptyState, ListQueryView, PageHeader, formatDate, formatNumber, useToast } from '@/components/ui';
import { type DatasetFull, useCanWrite, useCreateDataset } from './api';
import { NameDialog } from './name-dialog';
import { RecentUploads } from './recent-uploads';

export function DatasetsView() {
  const full = useQuery({ queryKey: ['knowledge', 'datasets', 'full'], queryFn: () => apiFetch<DatasetFull[]>('/searcher/v1/datasets/full') });
  const create = useCreateDataset();
  const [creating, setCreating] = useState(false);
  const router = useRouter();
  const toast = useToast();
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
              <Button
                onClick={() => {
                  create.reset();
                  setCreating(true);
                }}
              >
                <Plus className="size-4" aria-hidden="true" /> New dataset
              </Button>
            </>
          )
        }
      />

      <ListQueryView
        query={full}
        noun="datasets"
        empty={
          <EmptyState
            icon={<Database className="size-8" />}
            title="No datasets yet"
            description="Create a dataset, then add subjects and contents by hand or import files by URL."
            action={
              canWrite && (
                <Button onClick={() => setCreating(true)}>
                  <Plus className="size-4" aria-hidden="true" /> New dataset
                </Button>
              )
            }
          />
        }
      >
        {(list) => (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Datasets">
            {list.map((dataset) => {
              const contents = dataset.subjects.reduce((sum, s) => sum + s.contents.length, 0);
              return (
                <li key={dataset.id} className="min-w-0">
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
                </li>
              );
            })}
          </ul>
        )}
      </ListQueryView>

      <RecentUploads className="mt-8" />

      <NameDialog
        open={creating}
        title="New dataset"
        submitLabel="Create dataset"
        withDescription
        save={create}
        onClose={() => setCreating(false)}
        onSubmit={({ name, description }) =>
          create.mutate(
            { name, ...(description ? { description } : {}) },
            {
              onSuccess: (dataset) => {
                setCreating(false);
                toast.success(`Dataset “${dataset.name}” created`);
                router.push(`/knowledge/${dataset.id}`);
              },
            },
          )
        }
      />
    </div>
  );
}
