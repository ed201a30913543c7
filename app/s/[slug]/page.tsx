import type { Metadata } from 'next';
import { PublicChat } from '@/components/smartpages/public-chat';
import { smartpageTitle } from '@/lib/smartpages/title';

// The tab shows the page's own name (a visitor may keep several open).
export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }): Promise<Metadata> {
  const { slug } = await params;
  return { title: await smartpageTitle(slug) };
}

export default async function SmartpagePublic({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return <PublicChat slug={slug} />;
}
