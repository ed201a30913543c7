// What a source is called in the answer and in the prompt sent to a model.

/**
 * The content's name and the passage's heading path, the name once when
 * the path starts with it ("os.path — … › os.path.join(path, *paths)", not
 * the name twice, as HTML pages whose first heading is their title give).
 */
export function passageTitle(name: string, heading: string): string {
  if (!heading || heading === name) return name;
  if (!name || heading.startsWith(`${name} › `)) return heading;
  return `${name} — ${heading}`;
}
