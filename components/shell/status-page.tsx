import Link from 'next/link';
import { BrandMark } from './brand-mark';

/** A whole-page message (not found, failure) in the product's own look, with ways on. */
export function StatusPage({ code, title, children, actions }: { code: string; title: string; children: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-4 py-16 text-center">
      <Link href="/" className="mb-10 inline-flex items-center gap-2 text-sm font-semibold text-slate-900">
        <BrandMark />
        Knowledge Search
      </Link>
      <p className="text-sm font-semibold tracking-wide text-indigo-600 dark:text-indigo-400">{code}</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <div className="mt-3 max-w-md text-sm text-slate-600">{children}</div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {actions ?? (
          <>
            <Link href="/console" className="inline-flex h-10 items-center rounded-md bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-500">
              Go to the console
            </Link>
            <Link
              href="/knowledge"
              className="inline-flex h-10 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              Your knowledge
            </Link>
          </>
        )}
      </div>
    </main>
  );
}
