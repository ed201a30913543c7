'use client';
// The console remembers what was last asked against, per project, in the
// browser: coming back, the same datamodel or dataset + preset is chosen.
import { useCallback, useEffect, useState } from 'react';
import { selectedProjectId } from '@/components/api/client';
import type { Target } from './types';

function storageKey(): string {
  return `ks.consoleTarget.${selectedProjectId() ?? 'default'}`;
}

/** A stored value is only trusted when it has the shape of a Target. */
export function parseTarget(raw: string | null): Target | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<string, unknown>>;
    if (value.kind === 'datamodel' && Number.isInteger(value.datamodelId) && typeof value.datamodelName === 'string' && Number.isInteger(value.datasetId)) {
      return { kind: 'datamodel', datamodelId: value.datamodelId as number, datamodelName: value.datamodelName, datasetId: value.datasetId as number };
    }
    if (
      value.kind === 'dataset' &&
      Number.isInteger(value.datasetId) &&
      typeof value.datasetName === 'string' &&
      (value.preset === null || typeof value.preset === 'string')
    ) {
      return { kind: 'dataset', datasetId: value.datasetId as number, datasetName: value.datasetName, preset: value.preset as string | null };
    }
  } catch {
    // not JSON: forget it
  }
  return null;
}

/** [target, choose, restored]: `restored` turns true once the stored choice was read (after the first render). */
export function useRememberedTarget(): [Target | null, (target: Target) => void, boolean] {
  const [target, setTarget] = useState<Target | null>(null);
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    setTarget(parseTarget(window.localStorage.getItem(storageKey())));
    setRestored(true);
  }, []);
  const choose = useCallback((next: Target) => {
    setTarget(next);
    try {
      window.localStorage.setItem(storageKey(), JSON.stringify(next));
    } catch {
      // storage full or blocked: the choice still holds for this visit
    }
  }, []);
  return [target, choose, restored];
}
