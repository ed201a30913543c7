'use client';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { Spinner } from '@/components/ui/spinner';

/** Sends a signed-out visitor to /signin, remembering the page they wanted. */
export function SignInRedirect() {
  const pathname = usePathname() ?? '/console';
  const router = useRouter();
  useEffect(() => {
    const search = typeof window === 'undefined' ? '' : window.location.search;
    router.replace(`/signin?callbackUrl=${encodeURIComponent(`${pathname}${search}`)}`);
  }, [pathname, router]);
  return (
    <div className="flex min-h-screen items-center justify-center text-indigo-600">
      <Spinner className="size-8" label="Redirecting to sign-in" />
    </div>
  );
}
