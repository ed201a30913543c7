import type { Metadata } from 'next';
import { OverviewView } from '@/components/usage/overview-view';

export const metadata: Metadata = { title: 'Usage overview · Knowledge Search' };

export default function Page() {
  return <OverviewView />;
}
