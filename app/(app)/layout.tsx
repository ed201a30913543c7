// Every signed-in page renders inside the shell. No session: go sign in.
import { redirect } from 'next/navigation';
import { currentSessionIdentity } from '@/lib/auth/session';
import { AppShell } from '@/components/shell/app-shell';

export const dynamic = 'force-dynamic';

export default async function AppLayout({ children }: { children: React.ReactNode }) {
  if (!(await currentSessionIdentity())) redirect('/signin');
  return <AppShell>{children}</AppShell>;
}
