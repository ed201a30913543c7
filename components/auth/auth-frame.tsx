import Link from 'next/link';
import { BrandMark } from '@/components/shell/brand-mark';
import { ThemeToggle } from '@/components/theme/theme-toggle';

/** The centred card of pages outside the shell (sign-in, 403), with the theme choice in a corner. */
export function AuthFrame({
  title,
  subtitle,
  children,
  wide = false,
}: {
  title: string;
  subtitle?: React.ReactNode;
  children: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <main className="relative flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-indigo-50 to-slate-50 px-4 py-14">
      <ThemeToggle className="absolute right-4 top-4" />
      <Link href="/" className="mb-6 flex items-center gap-2 rounded-md text-lg font-semibold text-slate-900">
        <BrandMark large />
        Knowledge Search
      </Link>
      <div className={`w-full ${wide ? 'max-w-xl' : 'max-w-sm'} rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8`}>
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}
