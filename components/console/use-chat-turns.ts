'use client';
// The turns of one chat, shared by the console and public smartpages: asking
// (streamed), stopping, regenerating, and keeping the newest answer in view.
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/components/ui/states';
import { streamAnswer, type StreamDone } from './stream';
import type { Target, Turn } from './types';

export type AskRequest = { path: string; body: Record<string, unknown>; target: Target | null };

/** Below this many pixels from the end of the page the view counts as "at the latest message". */
const NEAR_END_PX = 96;

function distanceToEnd(): number {
  const page = document.documentElement;
  return page.scrollHeight - (window.scrollY + window.innerHeight);
}

function scrollToEnd(): void {
  // To the very end of the page, not to a marker: the sticky composer sits
  // after the messages, so this keeps the newest one above it.
  window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'auto' });
}

/**
 * Follows the conversation while it grows (a new question, each streamed
 * piece) unless the reader has scrolled up; then `showJump` offers a way back.
 */
export function useFollowLatest(growth: unknown) {
  const following = useRef(true);
  const lastY = useRef(0);
  const [showJump, setShowJump] = useState(false);

  useEffect(() => {
    const onScroll = () => {
      const y = window.scrollY;
      const nearEnd = distanceToEnd() < NEAR_END_PX;
      // Only a move up is the reader's own: following scrolls only down.
      if (nearEnd) following.current = true;
      else if (y < lastY.current) following.current = false;
      lastY.current = y;
      setShowJump(!nearEnd && !following.current);
    };
    lastY.current = window.scrollY;
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `growth` is the trigger (a new turn or streamed piece), not a value the effect reads; the scroll position is read from the page.
  useEffect(() => {
    if (following.current) scrollToEnd();
  }, [growth]);

  const jump = useCallback(() => {
    following.current = true;
    setShowJump(false);
    scrollToEnd();
  }, []);

  /** A new question: follow again, whatever the reader did before. */
  const follow = useCallback(() => {
    following.current = true;
    setShowJump(false);
  }, []);

  return { showJump, jump, follow };
}

/** `onDone` receives the finished answer (the console keeps the thread in the address). */
export function useChatTurns({ onDone, onSettled }: { onDone?: (done: StreamDone) => void; onSettled?: () => void } = {}) {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [conversation, setConversation] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const latest = turns.at(-1);
  const { showJump, jump, follow } = useFollowLatest(`${turns.length}:${latest?.answer.length ?? 0}:${latest?.sources.length ?? 0}:${latest?.status}`);

  const update = useCallback((key: string, change: Partial<Turn> | ((turn: Turn) => Partial<Turn>)) => {
    setTurns((list) => list.map((t) => (t.key === key ? { ...t, ...(typeof change === 'function' ? change(t) : change) } : t)));
  }, []);

  async function ask(question: string, request: AskRequest) {
    const key = crypto.randomUUID();
    follow();
    setTurns((list) => [...list, { key, question, answer: '', sources: [], status: 'streaming', target: request.target, rating: null }]);
    setBusy(true);
    const controller = new AbortController();
    abort.current = controller;
    try {
      await streamAnswer(
        request.path,
        request.body,
        {
          onSearched: (searchedFor) => update(key, { searchedFor }),
          onSources: (sources) => update(key, { sources }),
          onDelta: (text) => update(key, (t) => ({ answer: t.answer + text })),
          onDone: (done) => {
            update(key, {
              status: 'done',
              answer: done.content,
              identifier: done.identifier,
              conversation: done.conversation,
              totalTokens: done.total_tokens,
              answerKind: done.answer_kind,
            });
            setConversation(done.conversation);
            onDone?.(done);
          },
        },
        controller.signal,
      );
      onSettled?.();
    } catch (error) {
      const stopped = controller.signal.aborted;
      update(key, { status: 'error', stopped, error: stopped ? 'Stopped.' : errorMessage(error) });
    } finally {
      setBusy(false);
      abort.current = null;
    }
  }

  const stop = useCallback(() => abort.current?.abort(), []);

  /** Takes a turn out of the list (a failed one, before it is asked again). */
  const remove = useCallback((key: string) => setTurns((list) => list.filter((t) => t.key !== key)), []);

  /** Shows other turns (an opened thread, or none for a new chat); a running answer stops. */
  const replace = useCallback((next: Turn[], nextConversation: string | null) => {
    abort.current?.abort();
    setTurns(next);
    setConversation(nextConversation);
  }, []);

  return { turns, conversation, busy, ask, stop, update, remove, replace, showJump, jump };
}
