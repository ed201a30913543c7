import { redirect } from 'next/navigation';
import { currentSessionIdentity } from '@/lib/auth/session';
import { AuthFrame } from '@/components/auth/auth-frame';
import { SignInForm } from '@/components/auth/sign-in-form';
import { safeCallback } from '@/components/auth/safe-callback';

export const metadata = { title: 'Sign in · Knowledge Search' };
export const dynamic = 'force-dynamic';

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const callbackUrl = safeCallback(params.callbackUrl);
  if (await currentSessionIdentity()) redirect(callbackUrl);
  // next-auth sends people back here with ?error= when its own flow fails.
  const initialError = params.error ? 'That e-mail and password do not match an account.' : undefined;
  return (
    <AuthFrame title="Sign in" subtitle="Use the e-mail and password of your organisation account.">
      <SignInForm callbackUrl={callbackUrl} initialError={initialError} />
    </AuthFrame>
  );
}
