import type { Metadata } from 'next';
import { CreditsView } from '@/components/usage/credits-view';

export const metadata: Metadata = { title: 'Credits · Knowledge Search' };

export default function Page() {
  return <CreditsView />;
}
