import { ReviewPage } from '@/components/review/review-page';

export const metadata = { title: 'Review queue · Knowledge Search' };

export default function Page() {
  return <ReviewPage />;
}
