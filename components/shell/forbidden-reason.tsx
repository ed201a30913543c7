'use client';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import Link from 'next/link';
import { Skeleton } from '@/components/ui/spinner';
import { ruleFor } from './access';
import { useMe } from './use-me';

/** Says which page was refused, which roles may open it and what the person's role is. */
export function ForbiddenReason({ from }: { from: string }) {
  const me = useMe();
  const rule = ruleFor(from);
  return (
    <div className="space-y-5">
      <div className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
        <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-medium">Error 403 · {rule ? `${rule.label} is not available to you` : 'This page is not available to you'}</p>
          <p className="mt-1" data-testid="forbidden-reason">
            {me.isPending ? (
              <Skeleton className="mt-1 h-4 w-64" />
            ) : me.data && rule ? (
              rule.why(me.data)
            ) : me.data ? (
              `Your role in ${me.data.organization.name} is ${me.data.role}, which has no access to this page.`
            ) : (
              'You need to sign in with an account that has access to this page.'
            )}
          </p>
        </div>
      </div>
      <p className="text-sm text-slate-600">If you need access, ask an owner or admin of your organisation to change your role.</p>
      <div className="flex flex-wrap gap-2">
        <Link
          href="/console"
          className="inline-flex h-10 items-center gap-2 rounded-md bg-indigo-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-indigo-500"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to the console
        </Link>
        {!me.data ? (
          <Link
            href={`/signin?callbackUrl=${encodeURIComponent(from)}`}
            className="inline-flex h-10 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            Sign in with another account
          </Link>
        ) : null}
      </div>
    </div>
  );
}
