// Ranking tests compare a setting's effect with and without it: one setting changed for the length of a
// check, and put back whatever the check does.
import { RANK_SETTINGS } from '@/lib/search/rerank';

export function withRankSetting<K extends keyof typeof RANK_SETTINGS>(key: K, value: (typeof RANK_SETTINGS)[K], check: () => void): void {
  const saved = RANK_SETTINGS[key];
  RANK_SETTINGS[key] = value;
  try {
    check();
  } finally {
    RANK_SETTINGS[key] = saved;
  }
}
