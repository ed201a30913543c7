import type { Metadata } from 'next';
import { Suspense } from 'react';
import { OverviewView } from '@/components/usage/overview-view';

export const metadata: Metadata = { title: 'Usage overview · Knowledge Search' };

export default function Page() {
  // The period lives in the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense>
      <OverviewView />
    </Suspense>
  );
}
