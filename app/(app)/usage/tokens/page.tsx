import type { Metadata } from 'next';
import { Suspense } from 'react';
import { TokensView } from '@/components/usage/tokens-view';

export const metadata: Metadata = { title: 'Tokens · Knowledge Search' };

export default function Page() {
  // The period lives in the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense>
      <TokensView />
    </Suspense>
  );
}
