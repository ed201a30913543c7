// The browser tab's title of a smartpage, read before the page renders. Only a
// public page's name is shown to whoever opens the link: a private page's
// name is for the people on its list, so its tab says only that it is private.
import { db } from '../db/client';

export async function smartpageTitle(slug: string): Promise<string> {
  if (!/^[a-z0-9-]{1,60}$/.test(slug)) return 'Page not found';
  const page = await db().smartpage.findUnique({ where: { slug }, select: { name: true, visibility: true } });
  if (!page) return 'Page not found';
  return page.visibility === 'private' ? 'Private smartpage' : page.name;
}
