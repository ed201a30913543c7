'use client';
import { useEffect } from 'react';

/**
 * Names the browser tab after what the page shows once it has loaded (a
 * dataset's or a content's name is only known in the browser: the project is
 * the browser's choice). `null` keeps the page's static title.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = `${title} · Knowledge Search`;
    return () => {
      document.title = before;
    };
  }, [title]);
}
