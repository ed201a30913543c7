'use client';
import { Minus, ThumbsDown, ThumbsUp } from 'lucide-react';
import { Badge } from '@/components/ui';

const LOOK = {
  positive: { tone: 'success', icon: ThumbsUp, label: 'Positive' },
  negative: { tone: 'danger', icon: ThumbsDown, label: 'Negative' },
  neutral: { tone: 'neutral', icon: Minus, label: 'Neutral' },
} as const;

/** An answer's evaluation as a labelled badge; nothing when it was not rated. */
export function EvaluationBadge({ evaluation, count }: { evaluation: string | null; count?: number }) {
  if (!evaluation || !(evaluation in LOOK)) return null;
  const look = LOOK[evaluation as keyof typeof LOOK];
  const Icon = look.icon;
  return (
    <Badge tone={look.tone}>
      <Icon className="size-3" aria-hidden="true" />
      {look.label}
      {count && count > 1 ? ` ×${count}` : ''}
    </Badge>
  );
}
