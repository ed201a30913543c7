import { AccessPage } from '@/components/access/access-page';

export const metadata = { title: 'API access · Knowledge Search' };

export default function Page() {
  return <AccessPage />;
}
