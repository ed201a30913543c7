'use client';
import { ChevronDown, LogOut } from 'lucide-react';
import { signOut } from 'next-auth/react';
import { useEffect, useRef, useState } from 'react';
import type { Me } from '@/lib/console/workspace';
import { Badge } from '@/components/ui/badge';
import { ThemeToggle } from '@/components/theme/theme-toggle';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** Who is signed in, their role, the colour theme, and sign-out. Closes on Escape or an outside click. */
export function UserMenu({ me }: { me: Me }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const firstItem = useRef<HTMLButtonElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    firstItem.current?.focus();
    const onClick = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('mousedown', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div ref={root} className="relative shrink-0">
      <button
        ref={trigger}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-2 rounded-full py-1 pl-1 pr-2 hover:bg-slate-100"
      >
        <span className="flex size-8 items-center justify-center rounded-full bg-indigo-600 text-xs font-semibold text-white" aria-hidden="true">
          {initials(me.user.name) || '?'}
        </span>
        <span className="sr-only">Account menu for {me.user.name}</span>
        <ChevronDown className="size-4 text-slate-500" aria-hidden="true" />
      </button>
      {open ? (
        <div role="menu" className="absolute right-0 z-40 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          <div className="px-3 py-2">
            <p className="truncate text-sm font-medium text-slate-900">{me.user.name}</p>
            <p className="truncate text-xs text-slate-500">{me.user.email}</p>
            <div className="mt-2 flex items-center gap-2 text-xs text-slate-500">
              <Badge tone="info">{me.role}</Badge>
              <span className="truncate">{me.organization.name}</span>
            </div>
          </div>
          <div className="my-1 border-t border-slate-100" />
          <div className="px-3 py-2">
            <p className="mb-1.5 text-xs font-medium text-slate-500" aria-hidden="true">
              Theme
            </p>
            <ThemeToggle inMenu className="flex w-full" />
          </div>
          <div className="my-1 border-t border-slate-100" />
          <button
            ref={firstItem}
            type="button"
            role="menuitem"
            onClick={() => {
              window.localStorage.removeItem('ks.projectId');
              void signOut({ callbackUrl: '/signin' });
            }}
            className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100"
          >
            <LogOut className="size-4" aria-hidden="true" /> Sign out
          </button>
        </div>
      ) : null}
    </div>
  );
}
