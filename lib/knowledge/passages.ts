// Writing the passages of a content. Replacing them is one transaction that
// also keeps the content's and the organisation's indexed-token totals in
// step, so search never sees half a content and the totals never drift.
import type { Tx } from '../db/client';

export type PassageInput = { heading?: string; text: string; answer?: string; tokenCount: number };

export async function replacePassages(tx: Tx, content: { id: number; datasetId: number; tokenCount: number }, organizationId: number, passages: PassageInput[]): Promise<number> {
  await tx.passage.deleteMany({ where: { contentId: content.id } });
  const tokenCount = passages.reduce((sum, p) => sum + p.tokenCount, 0);
  if (passages.length) {
    await tx.passage.createMany({
      data: passages.map((p, position) => ({
        contentId: content.id,
        datasetId: content.datasetId,
        position,
        heading: p.heading ?? '',
        text: p.text,
        answer: p.answer ?? '',
        tokenCount: p.tokenCount,
      })),
    });
  }
  await tx.content.update({ where: { id: content.id }, data: { tokenCount } });
  await tx.organization.update({ where: { id: organizationId }, data: { indexedTokens: { increment: tokenCount - content.tokenCount } } });
  return tokenCount;
}
