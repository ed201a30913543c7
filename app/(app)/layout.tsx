// Every signed-in page renders inside the shell. No session: go sign in,
// and come back to the page asked for afterwards.
import { currentSessionIdentity } from '@/lib/auth/session';
import { AppShell } from '@/components/shell/app-shell';
import { SignInRedirect } from '@/components/auth/sign-in-redirect';

export const dynamic = 'force-dynamic';

export default async function AppLayout({ children }: { children: React.ReactNode }) {
  if (!(await currentSessionIdentity())) return <SignInRedirect />;
  return <AppShell>{children}</AppShell>;
}
