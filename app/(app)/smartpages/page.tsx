import { SmartpagesPage } from '@/components/smartpages/smartpages-page';

export const metadata = { title: 'Smartpages · Knowledge Search' };

export default function Page() {
  return <SmartpagesPage />;
}
