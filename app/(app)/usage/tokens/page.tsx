import type { Metadata } from 'next';
import { TokensView } from '@/components/usage/tokens-view';

export const metadata: Metadata = { title: 'Tokens · Knowledge Search' };

export default function Page() {
  return <TokensView />;
}
