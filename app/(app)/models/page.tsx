import { ModelsPage } from '@/components/models/models-page';

export const metadata = { title: 'Models · Knowledge Search' };

export default function Page() {
  return <ModelsPage />;
}
