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

/** Parameters longer than this are cut to "(…)" in a pointer to a source. */
const BRIEF_PARAMETERS = 40;

/**
 * The title as a pointer shows it: each part that is a signature with a long parameter list keeps its name and
 * "(…)" ("@dataclasses.dataclass(…)" for "@dataclasses.dataclass(*, init=True, repr=True, eq=True, …"); the
 * citation links to the source, whose every default the reader can see there. Stored headings may end inside
 * the list (cut at import), so the closing parenthesis is optional.
 */
export function briefTitle(title: string): string {
  return title
    .split(SEPARATOR)
    .map((part) => {
      const open = part.indexOf('(');
      // A name right before the parenthesis, after at most two words (a kind or a type: "class", "unsigned long");
      // a sentence with an aside ("… output parameters (call by reference)?") is no signature.
      if (open <= 0 || !/^(?:[\w*]+ ){0,2}@?[\w.]+$/.test(part.slice(0, open))) return part;
      const close = part.lastIndexOf(')');
      const parameters = close > open ? part.slice(open + 1, close) : part.slice(open + 1);
      if (parameters.length <= BRIEF_PARAMETERS) return part;
      return `${part.slice(0, open)}(…)${close > open ? part.slice(close + 1) : ''}`;
    })
    .join(SEPARATOR);
}
