'use client';
// The signed-in frame of every page: header (organisation, project, user
// menu), side navigation filtered by role, collapsible into a drawer on
// phones (which then also holds the organisation and project pickers).
// Pages a role may not open are replaced by the /forbidden page.
import { Menu, X } from 'lucide-react';
import Link from 'next/link';
import { signOut } from 'next-auth/react';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { ApiClientError } from '@/components/api/client';
import { ErrorState } from '@/components/ui/states';
import { Skeleton, Skeletons, Spinner } from '@/components/ui/spinner';
import { ToastProvider } from '@/components/ui/toast';
import { mayOpen } from './access';
import { BrandMark } from './brand-mark';
import { Nav } from './nav';
import { OrganizationPicker, ProjectPicker } from './pickers';
import { UserMenu } from './user-menu';
import { useMe } from './use-me';

function Brand() {
  return (
    <Link href="/console" className="flex shrink-0 items-center gap-2 rounded-md font-semibold text-slate-900">
      <BrandMark />
      <span className="hidden sm:inline">Knowledge Search</span>
    </Link>
  );
}

export function AppShell({ children }: { children: React.ReactNode }) {
  const me = useMe();
  const pathname = usePathname() ?? '';
  const router = useRouter();
  // The drawer remembers the page it was opened on: following a link in it closes it while
  // rendering the new page (an effect would first paint that page with the drawer still open),
  // and coming Back to the first page does not reopen it.
  const [drawerOn, setDrawerOn] = useState<string | null>(null);
  if (drawerOn !== null && drawerOn !== pathname) setDrawerOn(null);
  const drawer = drawerOn === pathname;
  const setDrawer = (open: boolean) => setDrawerOn(open ? pathname : null);

  const refused = me.data ? !mayOpen(pathname, me.data) : false;
  useEffect(() => {
    if (refused) router.replace(`/forbidden?from=${encodeURIComponent(pathname)}`);
  }, [refused, pathname, router]);
  useEffect(() => {
    if (me.error instanceof ApiClientError && me.error.status === 401) router.replace(`/signin?callbackUrl=${encodeURIComponent(pathname)}`);
  }, [me.error, pathname, router]);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!drawer) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setDrawerOn(null);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawer]);

  return (
    <ToastProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <div className="flex min-h-screen flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:px-4">
          <button
            ref={menuButton}
            type="button"
            className="shrink-0 rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
            aria-label={drawer ? 'Close navigation' : 'Open navigation'}
            aria-expanded={drawer}
            aria-controls="side-nav"
            onClick={() => setDrawer(!drawer)}
          >
            {drawer ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
          </button>
          <Brand />
          <div className="flex min-w-0 flex-1 items-center justify-end gap-2 sm:gap-3">
            {me.data ? (
              <>
                <div className="hidden min-w-0 items-center gap-3 md:flex">
                  <OrganizationPicker me={me.data} className="max-w-[14rem]" />
                  <span className="text-slate-300" aria-hidden="true">
                    /
                  </span>
                </div>
                {/* Below 640 px there is no room beside the avatar: the pickers live in the drawer. */}
                <div className="hidden min-w-0 sm:block">
                  <ProjectPicker me={me.data} className="max-w-[14rem]" />
                </div>
                <UserMenu me={me.data} />
              </>
            ) : (
              <Skeleton className="h-8 w-40" />
            )}
          </div>
        </header>
        <div className="flex flex-1">
          {drawer ? (
            <div className="fixed inset-0 top-14 z-20 bg-slate-900/30 lg:hidden dark:bg-black/60" aria-hidden="true" onClick={() => setDrawer(false)} />
          ) : null}
          {/* The column keeps the white rail down the whole page; the nav inside stays in view. */}
          <div className="lg:w-56 lg:shrink-0 lg:border-r lg:border-slate-200 lg:bg-white">
            <aside
              id="side-nav"
              className={`${drawer ? 'block' : 'hidden'} fixed inset-y-0 left-0 top-14 z-20 w-64 overflow-y-auto border-r border-slate-200 bg-white p-4 lg:sticky lg:block lg:h-[calc(100vh-3.5rem)] lg:w-56 lg:border-r-0`}
            >
              {me.data ? (
                <>
                  <div className="mb-5 space-y-3 border-b border-slate-100 pb-4 md:hidden">
                    <div>
                      <p className="mb-1.5 px-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Organisation</p>
                      <OrganizationPicker me={me.data} className="w-full px-1" />
                    </div>
                    <div className="sm:hidden">
                      <p className="mb-1.5 px-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Project</p>
                      <ProjectPicker me={me.data} className="w-full" />
                    </div>
                  </div>
                  <Nav me={me.data} onNavigate={() => setDrawer(false)} />
                </>
              ) : (
                <Skeletons className="space-y-3" blocks={['h-4 w-24', 'h-8 w-full', 'h-8 w-full']} />
              )}
            </aside>
          </div>
          <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
            {me.isPending ? (
              <div className="flex justify-center py-24 text-indigo-600">
                <Spinner className="size-8" label="Loading your workspace" />
              </div>
            ) : me.error ? (
              <div className="mx-auto max-w-xl space-y-3">
                <ErrorState error={me.error} title="Could not load your workspace" onRetry={() => void me.refetch()} />
                <p className="text-sm text-slate-600">
                  If your membership changed, sign in again:{' '}
                  <button type="button" className="font-medium text-indigo-700 underline" onClick={() => void signOut({ callbackUrl: '/signin' })}>
                    sign out
                  </button>
                </p>
              </div>
            ) : refused ? null : (
              // Remount the page when the organisation or project changes, so no
              // state of the previous one (an open thread, a form) leaks into it.
              <div key={`${me.data.organization.id}:${me.data.project?.id ?? 0}`}>{children}</div>
            )}
          </main>
        </div>
      </div>
    </ToastProvider>
  );
}
