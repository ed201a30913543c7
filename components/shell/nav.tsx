'use client';
import { BarChart3, BookOpen, Boxes, ClipboardCheck, Coins, Globe, KeyRound, MessagesSquare, MessageSquareText, Sigma } from 'lucide-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { Me } from '@/lib/console/workspace';
import { cn } from '@/components/ui/cn';
import { mayOpen } from './access';

type NavItem = { href: string; label: string; icon: React.ComponentType<{ className?: string }> };

const WORK: NavItem[] = [
  { href: '/console', label: 'Console', icon: MessageSquareText },
  { href: '/knowledge', label: 'Knowledge', icon: BookOpen },
  { href: '/smartpages', label: 'Smartpages', icon: Globe },
  { href: '/review', label: 'Review', icon: ClipboardCheck },
];

const REPORTS: NavItem[] = [
  { href: '/usage', label: 'Overview', icon: BarChart3 },
  { href: '/usage/credits', label: 'Credits', icon: Coins },
  { href: '/usage/tokens', label: 'Tokens', icon: Sigma },
  { href: '/usage/threads', label: 'Threads', icon: MessagesSquare },
];

const SETTINGS: NavItem[] = [
  { href: '/models', label: 'Models', icon: Boxes },
  { href: '/access', label: 'API access', icon: KeyRound },
];

function isActive(pathname: string, href: string): boolean {
  if (href === '/usage') return pathname === '/usage';
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** Side navigation: only the pages the person's role may open. */
export function Nav({ me, onNavigate }: { me: Me; onNavigate?: () => void }) {
  const pathname = usePathname() ?? '';
  const groups = [
    { title: 'Workspace', items: WORK.filter((item) => mayOpen(item.href, me)) },
    { title: 'Usage', items: REPORTS.filter((item) => mayOpen(item.href, me)) },
    { title: 'Settings', items: SETTINGS.filter((item) => mayOpen(item.href, me)) },
  ].filter((group) => group.items.length > 0);
  return (
    <nav aria-label="Main" className="space-y-6">
      {groups.map((group) => (
        <div key={group.title}>
          <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">{group.title}</p>
          <ul className="mt-2 space-y-0.5">
            {group.items.map((item) => {
              const active = isActive(pathname, item.href);
              const Icon = item.icon;
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    onClick={onNavigate}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'flex items-center gap-2.5 rounded-md px-3 py-2 text-sm font-medium',
                      active ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                    )}
                  >
                    <Icon className={cn('size-4', active ? 'text-indigo-600' : 'text-slate-500')} />
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
