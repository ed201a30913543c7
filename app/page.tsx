import { BarChart3, Globe, MessageSquareText } from 'lucide-react';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { currentSessionIdentity } from '@/lib/auth/session';

export const dynamic = 'force-dynamic';

const FEATURES = [
  { icon: MessageSquareText, title: 'Ask your documents', text: 'Answers streamed from your own datasets, with the sources they came from.' },
  { icon: Globe, title: 'Publish smartpages', text: 'Share a datamodel as a chat page, public or for listed people only.' },
  { icon: BarChart3, title: 'Read your usage', text: 'Credits, tokens and every conversation thread, downloadable as a spreadsheet.' },
];

export default async function Home() {
  if (await currentSessionIdentity()) redirect('/console');
  return (
    <main className="min-h-screen bg-gradient-to-b from-indigo-50 to-slate-50">
      <div className="mx-auto flex max-w-4xl flex-col items-center px-4 py-16 text-center sm:py-24">
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">Knowledge Search</h1>
        <p className="mt-3 max-w-xl text-base text-slate-600 sm:text-lg">Search your organisation&apos;s knowledge, rate the answers and see what it costs.</p>
        <Link
          href="/signin"
          className="mt-8 inline-flex h-11 items-center rounded-md bg-indigo-600 px-6 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500"
        >
          Sign in
        </Link>
        <ul className="mt-14 grid w-full gap-4 text-left sm:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
              <Icon className="size-5 text-indigo-600" aria-hidden="true" />
              <p className="mt-3 font-medium text-slate-900">{title}</p>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </main>
  );
}
