import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ImportForm } from '@/components/knowledge/import-form';

export const metadata: Metadata = { title: 'Import files · Knowledge Search' };

export default function ImportPage() {
  // useSearchParams (the preselected dataset) needs a Suspense boundary.
  return (
    <Suspense>
      <ImportForm />
    </Suspense>
  );
}
