'use client';
// What "Test connection" found: the provider's answer or why it failed, and
// how long it took. Announced to screen readers as it arrives.
import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { cn } from '@/components/ui/cn';
import { errorMessage } from '@/components/ui/states';
import type { ConnectionTestResult } from './use-models';

export function ConnectionResult({ result, error, className }: { result?: ConnectionTestResult; error?: unknown; className?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  // In a long dialog the answer may land below the fold: bring it into view.
  // (Braces: newer browsers return a promise from scrollIntoView, and React takes a returned value for a cleanup.)
  useEffect(() => {
    if (result || error) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [result, error]);
  if (!result && !error) return null;
  const ok = result?.ok === true;
  const Icon = ok ? CheckCircle2 : XCircle;
  return (
    <p
      ref={ref}
      role="status"
      data-testid="connection-result"
      className={cn(
        'flex items-start gap-2 rounded-md border px-3 py-2 text-sm break-words',
        ok ? 'border-emerald-200 bg-emerald-50 text-emerald-800' : 'border-red-200 bg-red-50 text-red-800',
        className,
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0">
        <span className="font-medium">{ok ? 'Connected' : 'Connection failed'}</span>
        {result ? (
          <>
            {' · '}
            {result.detail}
            {result.latency_ms > 0 ? <span className="text-xs opacity-80"> ({result.latency_ms} ms)</span> : null}
          </>
        ) : (
          <> · {errorMessage(error)}</>
        )}
      </span>
    </p>
  );
}
