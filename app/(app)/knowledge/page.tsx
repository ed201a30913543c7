import type { Metadata } from 'next';
import { DatasetsView } from '@/components/knowledge/datasets-view';

export const metadata: Metadata = { title: 'Knowledge · Knowledge Search' };

export default function KnowledgePage() {
  return <DatasetsView />;
}
