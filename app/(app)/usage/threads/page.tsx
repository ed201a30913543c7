import type { Metadata } from 'next';
import { ThreadsView } from '@/components/usage/threads-view';

export const metadata: Metadata = { title: 'Threads · Knowledge Search' };

export default function Page() {
  return <ThreadsView />;
}
