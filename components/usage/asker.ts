/** Who asked, in words, when the interaction names no person (an anonymous smartpage visitor, an API key). */
export function askerOf(origin: string, users: string[]): string {
  if (users.length) return users.join(', ');
  return origin === 'smartpage' ? 'Smartpage visitor' : origin === 'workspace' ? 'Workspace member' : 'API caller';
}
