'use client';
// The end of a successful save in a dialog or small form of the knowledge
// pages: it closes and a toast says what happened (then, perhaps, the page moves on).
import { useToast } from '@/components/ui';

/** `mutate(input, closeWith('Subject renamed'))`: the mutation options that close and say so. */
export function useCloseWith(close: () => void) {
  const toast = useToast();
  return (message: string, then?: () => void) => ({
    onSuccess: () => {
      close();
      toast.success(message);
      then?.();
    },
  });
}
