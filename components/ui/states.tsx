'use client';
import { AlertTriangle, Inbox, RefreshCw } from 'lucide-react';
import { ApiClientError } from '@/components/api/client';
import { NETWORK_FAILURE, isNetworkFailure } from '@/components/api/failure';
import { Button } from './button';
import { cn } from './cn';

export type EmptyStateProps = {
  title: string;
  description?: React.ReactNode;
  icon?: React.ReactNode;
  action?: React.ReactNode;
  className?: string;
};

/** Nothing to show yet, with a hint of what to do next. */
export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn('flex flex-col items-center justify-center rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center', className)}
    >
      <div className="mb-3 text-slate-400" aria-hidden="true">
        {icon ?? <Inbox className="size-8" />}
      </div>
      <p className="font-medium text-slate-800">{title}</p>
      {description ? <p className="mt-1 max-w-md text-sm text-slate-500">{description}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

/** The message of any error, preferring the API's own {detail}; a request that reached no server says so plainly. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiClientError) return error.detail;
  if (isNetworkFailure(error)) return NETWORK_FAILURE;
  if (error instanceof Error) return error.message;
  return 'Something went wrong';
}

/** A failed load: says what the server said and offers to try again. */
export function ErrorState({
  error,
  title = 'Could not load this',
  onRetry,
  className,
}: {
  error: unknown;
  title?: string;
  onRetry?: () => void;
  className?: string;
}) {
  return (
    // Laid out by the width it is given, not the window's: in a narrow column (the console's thread list) it stacks.
    <div role="alert" className={cn('@container rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800', className)}>
      <div className="flex flex-col items-start gap-3 @md:flex-row @md:items-center">
        <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="font-medium">{title}</p>
          <p className="mt-0.5 break-words text-red-700">{errorMessage(error)}</p>
        </div>
        {onRetry ? (
          <Button variant="secondary" size="sm" onClick={onRetry}>
            <RefreshCw className="size-4" aria-hidden="true" /> Try again
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Why a form's last action failed, in a red box under the form: a check's own
 * words (a string) or the error's message; nothing while there is none.
 */
export function ErrorNote({ error, roomy = false, className }: { error: unknown; roomy?: boolean; className?: string }) {
  if (!error) return null;
  return (
    <p role="alert" className={cn('rounded-md border border-red-200 bg-red-50 text-sm text-red-800', roomy ? 'px-4 py-3' : 'px-3 py-2', className)}>
      {typeof error === 'string' ? error : errorMessage(error)}
    </p>
  );
}
