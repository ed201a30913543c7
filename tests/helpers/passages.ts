// Passages written the way an import writes them, for tests of what follows
// a write (the full-text index, the search counts).
import { db } from '@/lib/db/client';
import { replacePassages } from '@/lib/knowledge/passages';

/** Replaces a content's passages with these texts (3 tokens each) in one transaction. */
export function rewritePassages(organizationId: number, contentId: number, texts: string[]) {
  return db().$transaction(async (tx) => {
    const current = await tx.content.findUniqueOrThrow({ where: { id: contentId } });
    await replacePassages(
      tx,
      current,
      organizationId,
      texts.map((text) => ({ text, tokenCount: 3 })),
    );
  });
}
