import { notFound } from 'next/navigation';
import { SubjectView } from '@/components/knowledge/subject-view';
import { pageId } from '@/components/knowledge/page-id';

export default async function SubjectPage({ params }: { params: Promise<{ subject_id: string }> }) {
  const id = pageId((await params).subject_id);
  if (id === null) notFound();
  return <SubjectView subjectId={id} />;
}
