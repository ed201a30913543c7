'use client';
import { LogIn } from 'lucide-react';
import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';

/** E-mail + password through next-auth's credentials provider. */
export function SignInForm({ callbackUrl, initialError }: { callbackUrl: string; initialError?: string }) {
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState(initialError ?? '');
  const [pending, setPending] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setError('');
    try {
      const result = await signIn('credentials', { email, password, redirect: false });
      if (!result || result.error) {
        setError(signInMessage(result?.error, result?.status));
        setPending(false);
        return;
      }
      window.localStorage.removeItem('ks.projectId');
      router.replace(callbackUrl);
      router.refresh();
    } catch {
      setError('The server could not be reached; check your connection and try again.');
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field label="E-mail">
        {(props) => (
          <Input {...props} type="email" name="email" autoComplete="username" required autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
        )}
      </Field>
      <Field label="Password">
        {(props) => (
          <Input
            {...props}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="w-full" loading={pending} disabled={!email || !password}>
        <LogIn className="size-4" aria-hidden="true" /> Sign in
      </Button>
    </form>
  );
}

/** next-auth reports a wrong password as CredentialsSignin and a lockout with the server's own sentence. */
function signInMessage(error: string | null | undefined, status: number | undefined): string {
  if (error?.startsWith('Too many failed sign-in attempts')) return error;
  if (status === 401 || error === 'CredentialsSignin') return 'That e-mail and password do not match an account.';
  return 'Sign-in failed; try again in a moment.';
}
