'use client';
// Datamodels, presets and generative models of the project, for owners and
// admins (the shell keeps others away; the API refuses them anyway).
import { PageHeader } from '@/components/ui/card';
import { useMe } from '@/components/shell/use-me';
import { DatamodelsSection } from './datamodels-section';
import { ModelsSection } from './models-section';
import { PresetsSection } from './presets-section';

export function ModelsPage() {
  const me = useMe();
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Models"
        description={
          <>
            Datamodels, presets and generative models of the project <strong className="font-medium text-slate-800">{me.data?.project?.name ?? '…'}</strong>.
          </>
        }
      />
      <div className="space-y-6">
        <DatamodelsSection />
        <PresetsSection />
        <ModelsSection />
      </div>
    </div>
  );
}
