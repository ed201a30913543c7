import { notFound } from 'next/navigation';
import { UploadProgress } from '@/components/knowledge/upload-progress';
import { pageId } from '@/components/knowledge/page-id';

export default async function UploadPage({ params }: { params: Promise<{ upload_id: string }> }) {
  const id = pageId((await params).upload_id);
  if (id === null) notFound();
  return <UploadProgress uploadId={id} />;
}
