import type { Metadata } from 'next';
import { Suspense } from 'react';
import { CreditsView } from '@/components/usage/credits-view';

export const metadata: Metadata = { title: 'Credits · Knowledge Search' };

export default function Page() {
  // The period lives in the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense>
      <CreditsView />
    </Suspense>
  );
}
