'use client';
import { useEffect, useState } from 'react';
import { PageHeader } from '@/components/ui/card';
import { useDatamodels } from '@/components/console/use-catalog';
import { useMe } from '@/components/shell/use-me';
import { apiKeyCurl, projectTokenCurl } from './curl';
import { KeyList } from './key-list';

export function AccessPage() {
  const me = useMe();
  const datamodels = useDatamodels();
  const [origin, setOrigin] = useState('http://localhost:3000');
  useEffect(() => setOrigin(window.location.origin), []);
  const datamodel = datamodels.data?.[0]?.name ?? null;
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="API access"
        description={
          <>
            Keys and tokens of the project <strong className="font-medium text-slate-800">{me.data?.project?.name ?? '…'}</strong>. Only a prefix of each is
            kept visible.
          </>
        }
      />
      <div className="space-y-6">
        <KeyList
          kind="api_keys"
          title="API keys"
          description="Search, knowledge and import endpoints (/searcher/v1/…) and assessments."
          curlFor={(token) => apiKeyCurl(origin, token, datamodel)}
        />
        <KeyList
          kind="project_tokens"
          title="Project tokens"
          description="Usage report endpoints (/api/v1/overview, credits_resume, token_resume, threads, report_download)."
          curlFor={(token) => projectTokenCurl(origin, token)}
        />
      </div>
    </div>
  );
}
