import { notFound } from 'next/navigation';
import { ContentView } from '@/components/knowledge/content-view';
import { pageId } from '@/components/knowledge/page-id';

export default async function ContentPage({ params }: { params: Promise<{ content_id: string }> }) {
  const id = pageId((await params).content_id);
  if (id === null) notFound();
  return <ContentView contentId={id} />;
}
