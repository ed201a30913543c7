'use client';
// Organisation and project pickers of the header. The project is remembered
// in the browser and sent as x-project-id; the organisation lives in the
// signed session and is switched through next-auth's session update, which
// the server accepts only for organisations the user belongs to. Their width
// is the caller's (header: capped; phone drawer: full width).
import { useQueryClient } from '@tanstack/react-query';
import { Building2, FolderKanban, type LucideIcon } from 'lucide-react';
import { useSession } from 'next-auth/react';
import { useState } from 'react';
import type { Me } from '@/lib/console/workspace';
import { cn } from '@/components/ui/cn';
import { NamedOptions } from '@/components/ui/named-options';
import { useSwitchProject } from './use-me';

const PICKER =
  'h-9 w-full min-w-0 truncate rounded-md border border-slate-300 bg-white py-1 pl-8 pr-7 text-sm font-medium text-slate-800 shadow-sm hover:border-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';

/** A picker of the header: its icon inside the select, its name for screen readers only. */
function IconSelect({
  label,
  icon: Icon,
  className,
  ...select
}: { label: string; icon: LucideIcon; className?: string } & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'className'>) {
  return (
    <label className={cn('relative inline-flex min-w-0 items-center', className)}>
      <span className="sr-only">{label}</span>
      <Icon className="pointer-events-none absolute left-2.5 size-4 text-slate-500" aria-hidden="true" />
      <select className={PICKER} {...select} />
    </label>
  );
}

export function OrganizationPicker({ me, className }: { me: Me; className?: string }) {
  const { update } = useSession();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (me.organizations.length < 2) {
    return (
      <span className={cn('inline-flex min-w-0 items-center gap-1.5 text-sm font-medium text-slate-800', className)} title="Organisation">
        <Building2 className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span className="truncate">{me.organization.name}</span>
      </span>
    );
  }
  return (
    <IconSelect
      label="Organisation"
      icon={Building2}
      className={className}
      value={me.organization.id}
      disabled={busy}
      onChange={async (event) => {
        setBusy(true);
        await update({ organizationId: Number(event.target.value) });
        window.localStorage.removeItem('ks.projectId');
        await client.resetQueries();
        setBusy(false);
      }}
    >
      <NamedOptions records={me.organizations} />
    </IconSelect>
  );
}

export function ProjectPicker({ me, className }: { me: Me; className?: string }) {
  const switchProject = useSwitchProject();
  if (!me.project) return <span className={cn('text-sm text-slate-500', className)}>No project</span>;
  return (
    <IconSelect label="Project" icon={FolderKanban} className={className} value={me.project.id} onChange={(event) => switchProject(Number(event.target.value))}>
      <NamedOptions records={me.projects} />
    </IconSelect>
  );
}
