// The copyable curl examples of the API access page.

/** Quotes a value for a POSIX shell single-quoted string. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export function apiKeyCurl(origin: string, token: string, datamodel: string | null): string {
  const body = JSON.stringify(
    datamodel ? { question: 'How do I get started?', model: datamodel } : { question: 'How do I get started?', dataset: 'Product handbook' },
  );
  return [
    `curl -s -X POST ${origin}/searcher/v1/search \\`,
    `  -H ${shellQuote(`Authorization: Bearer ${token}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(body)}`,
  ].join('\n');
}

export function projectTokenCurl(origin: string, token: string): string {
  return [`curl -s ${origin}/api/v1/overview \\`, `  -H ${shellQuote(`Authorization: Bearer ${token}`)}`].join('\n');
}
