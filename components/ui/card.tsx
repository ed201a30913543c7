import { cn } from './cn';

export function Card({ className, children, ...rest }: React.HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cn('rounded-lg border border-slate-200 bg-white shadow-sm', className)} {...rest}>
      {children}
    </div>
  );
}

export function CardHeader({
  title,
  description,
  actions,
  className,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  className?: string;
}) {
  return (
    <TitleRow
      className={cn('flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-4 py-3 sm:px-5', className)}
      textClassName="min-w-0 flex-1 basis-64"
      actions={actions}
    >
      <h2 className="text-base font-semibold text-slate-900 [overflow-wrap:anywhere]">{title}</h2>
      {description ? <p className="mt-0.5 text-sm text-slate-500 [overflow-wrap:anywhere]">{description}</p> : null}
    </TitleRow>
  );
}

export function CardBody({ className, children }: { className?: string; children: React.ReactNode }) {
  return <div className={cn('px-4 py-4 sm:px-5', className)}>{children}</div>;
}

/** The title row of a page: heading, one line of context, actions on the right. */
export function PageHeader({ title, description, actions }: { title: string; description?: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <TitleRow className="mb-6 flex flex-wrap items-end justify-between gap-3" textClassName="min-w-0" actions={actions}>
      {/* A name with no space in it (a pasted URL, an id) wraps instead of widening the page. */}
      <h1 className="text-xl font-semibold tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-2xl">{title}</h1>
      {description ? <p className="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere]">{description}</p> : null}
    </TitleRow>
  );
}

/** What page and card headers share: the heading and its context, then the actions (wrapping below them when narrow). */
function TitleRow({
  className,
  textClassName,
  actions,
  children,
}: {
  className: string;
  textClassName: string;
  actions: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <div className={textClassName}>{children}</div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
