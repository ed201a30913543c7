'use client';
// /knowledge/subjects/{id}: one subject on its own page — all its contents,
// filtered, sorted and paged by the server, with the subject's and each
// content's editing actions.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { type ContentOrder, useCanWrite, useDataset, useSubject } from './api';
import { ContentFilter, ContentSort } from './content-filter';
import { useDebounced } from '@/components/ui/use-debounced';
import { KnowledgePage } from './knowledge-page';
import { SubjectCard } from './subject-card';

export function SubjectView({ subjectId }: { subjectId: number }) {
  const subject = useSubject(subjectId);
  const datasetId = subject.data?.dataset_id;
  const dataset = useDataset(datasetId ?? 0, { enabled: datasetId !== undefined });
  const [filter, setFilter] = useState('');
  const q = useDebounced(filter.trim(), 250);
  const [order, setOrder] = useState<ContentOrder>('name');
  const canWrite = useCanWrite();
  const router = useRouter();
  return (
    <KnowledgePage
      kind="Subject"
      query={subject}
      trail={(record) => [{ label: dataset.data?.name, href: `/knowledge/${record.dataset_id}` }]}
      description={() => (dataset.data ? `A subject of ${dataset.data.name}` : undefined)}
    >
      {(data) => (
        <>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-lg font-semibold text-slate-900">Contents</h2>
            <ContentFilter value={filter} onChange={setFilter} />
            <ContentSort value={order} onChange={setOrder} />
          </div>
          <SubjectCard
            datasetId={data.dataset_id}
            subject={data}
            filter={q}
            order={order}
            canWrite={canWrite}
            linkTitle={false}
            hideWithoutMatch={false}
            onDeleted={() => router.push(`/knowledge/${data.dataset_id}`)}
          />
        </>
      )}
    </KnowledgePage>
  );
}
