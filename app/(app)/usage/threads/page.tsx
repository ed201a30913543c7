import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ThreadsView } from '@/components/usage/threads-view';

export const metadata: Metadata = { title: 'Threads · Knowledge Search' };

export default function Page() {
  // The filters live in the address (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense>
      <ThreadsView />
    </Suspense>
  );
}
