import type { Metadata } from 'next';
import { StatusPage } from '@/components/shell/status-page';

export const metadata: Metadata = { title: 'Page not found · Knowledge Search' };

export default function NotFound() {
  return (
    <StatusPage code="404" title="This page does not exist">
      The address may be mistyped, or what it pointed to was deleted or moved.
    </StatusPage>
  );
}
