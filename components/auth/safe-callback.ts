// Where to go after signing in. Only the path of the given URL is kept, so
// a crafted link can never send people to another site (open redirect).
export function safeCallback(value: string | string[] | undefined, fallback = '/console'): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return fallback;
  try {
    const url = new URL(raw, 'http://local.invalid');
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (!path.startsWith('/') || path.startsWith('//') || url.pathname === '/signin' || url.pathname === '/') return fallback;
    return path;
  } catch {
    return fallback;
  }
}
