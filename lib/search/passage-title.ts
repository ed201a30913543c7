// What a source is called in the answer and in the prompt sent to a model.

const SEPARATOR = ' › ';

/**
 * The content's name and the passage's heading path, the name once when
 * the path starts with it ("os.path — … › os.path.join(path, *paths)", not
 * the name twice, as HTML pages whose first heading is their title give),
 * or with a heading that only adds words to it ("git-revert(1) Manual Page
 * › DESCRIPTION" for the page "git-revert(1)").
 */
export function passageTitle(name: string, heading: string): string {
  const path = withoutRepeats(heading);
  if (!path || path === name) return name;
  if (!name || path.startsWith(`${name}${SEPARATOR}`) || firstPart(path).startsWith(`${name} `)) return path;
  // A manual page named by its name line ("git-revert(1) — Revert some existing commits", import's withPurpose)
  // whose path starts with the bare name, or the name plus words ("git-revert(1) Manual Page"): the full name there.
  const bare = name.split(' — ', 1)[0];
  const [first, ...rest] = path.split(SEPARATOR);
  if (bare !== name && (first === bare || first.startsWith(`${bare} `))) return [name, ...rest].join(SEPARATOR);
  return `${name} — ${path}`;
}

/** A heading path without the parts the next part repeats and extends ("git-revert(1) › git-revert(1) Manual Page"). */
function withoutRepeats(heading: string): string {
  const parts = heading.split(SEPARATOR);
  return parts.filter((part, i) => i + 1 >= parts.length || !parts[i + 1].startsWith(`${part} `)).join(SEPARATOR);
}

const firstPart = (path: string) => path.split(SEPARATOR, 1)[0];
