import { AuthFrame } from '@/components/auth/auth-frame';
import { ForbiddenReason } from '@/components/shell/forbidden-reason';
import { safeCallback } from '@/components/auth/safe-callback';

export const metadata = { title: 'Access denied · Knowledge Search' };

export default async function ForbiddenPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const from = safeCallback((await searchParams).from, '/');
  return (
    <AuthFrame title="You do not have access to this page" wide>
      <ForbiddenReason from={from} />
    </AuthFrame>
  );
}
