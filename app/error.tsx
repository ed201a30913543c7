'use client';
// Shown when a page fails while rendering; the error's text stays in the
// server log (it may hold internals), the person gets a way on.
import { useEffect } from 'react';
import { StatusPage } from '@/components/shell/status-page';

export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    document.title = 'Something went wrong · Knowledge Search';
  }, []);
  return (
    <StatusPage
      code="Error"
      title="This page could not be shown"
      actions={
        <>
          <button
            type="button"
            onClick={reset}
            className="inline-flex h-10 items-center rounded-md bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-500"
          >
            Try again
          </button>
          <a
            href="/console"
            className="inline-flex h-10 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            Go to the console
          </a>
        </>
      }
    >
      Something went wrong on our side. Trying again usually helps
      {error.digest ? (
        <>
          {' '}
          (reference <code className="font-mono">{error.digest}</code>)
        </>
      ) : null}
      .
    </StatusPage>
  );
}
