import type { Metadata } from 'next';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { ImportForm } from '@/components/knowledge/import-form';
import { importConfig } from '@/lib/ingest/config';

export const metadata: Metadata = { title: 'Import files · Knowledge Search' };

export default async function ImportPage() {
  // The upload limits are the running server's (IMPORT_UPLOAD_*), not the build's.
  await connection();
  const { upload } = importConfig();
  // useSearchParams (the preselected dataset) needs a Suspense boundary.
  return (
    <Suspense>
      <ImportForm uploadLimits={upload} />
    </Suspense>
  );
}
