import { PublicChat } from '@/components/smartpages/public-chat';

export const metadata = { title: 'Smartpage · Knowledge Search' };

export default async function SmartpagePublic({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return <PublicChat slug={slug} />;
}
