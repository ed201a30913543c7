import { notFound } from 'next/navigation';
import { DatasetView } from '@/components/knowledge/dataset-view';
import { pageId } from '@/components/knowledge/page-id';
import { importConfig } from '@/lib/ingest/config';

export default async function DatasetPage({ params }: { params: Promise<{ dataset_id: string }> }) {
  const id = pageId((await params).dataset_id);
  if (id === null) notFound();
  return <DatasetView datasetId={id} uploadLimits={importConfig().upload} />;
}
