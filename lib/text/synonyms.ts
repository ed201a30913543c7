// A small, general vocabulary of technical paraphrases. Without an embedding
// model, lexical retrieval misses a passage that says "delete" when the
// question says "remove"; each group below lets any member stand in for the
// others at a reduced weight (see rerank.ts). Groups are symmetric.
const GROUPS: string[][] = [
  ['remove', 'delete', 'erase', 'drop', 'discard'],
  ['create', 'make', 'build', 'generate', 'construct'],
  ['sort', 'order', 'sorted', 'ordering', 'arrange'],
  ['reverse', 'backwards', 'descending', 'reversed', 'inverse'],
  ['find', 'search', 'locate', 'lookup', 'look'],
  ['begin', 'start', 'launch', 'initialize', 'initialise'],
  ['end', 'finish', 'stop', 'terminate', 'exit', 'quit'],
  ['error', 'exception', 'failure', 'fault'],
  ['fix', 'repair', 'resolve', 'solve'],
  ['change', 'modify', 'alter', 'update', 'edit'],
  ['copy', 'duplicate', 'clone'],
  ['combine', 'merge', 'join', 'concatenate', 'concat'],
  ['split', 'divide', 'separate'],
  ['check', 'verify', 'test', 'validate'],
  ['show', 'display', 'print', 'output'],
  ['read', 'load', 'open', 'parse'],
  ['write', 'save', 'store', 'persist'],
  ['install', 'setup', 'installation'],
  ['configure', 'configuration', 'settings', 'config', 'options'],
  ['fast', 'quick', 'speed', 'performance', 'efficient'],
  ['big', 'large', 'huge'],
  ['small', 'little', 'tiny'],
  ['function', 'method', 'routine', 'callable'],
  ['argument', 'parameter', 'arg', 'param'],
  ['string', 'text', 'str'],
  ['number', 'integer', 'int', 'numeric', 'digit'],
  ['list', 'array', 'sequence'],
  ['dictionary', 'dict', 'mapping', 'map'],
  ['file', 'document'],
  ['folder', 'directory', 'dir'],
  ['run', 'execute', 'invoke', 'call'],
  ['cost', 'price', 'pricing', 'fee', 'charge'],
  ['buy', 'purchase', 'order'],
  ['cancel', 'terminate', 'revoke'],
  ['login', 'signin', 'authenticate', 'authentication', 'logon'],
  ['password', 'passphrase', 'credentials'],
  ['user', 'account', 'member'],
  ['send', 'transmit', 'post', 'submit'],
  ['get', 'fetch', 'retrieve', 'obtain'],
  ['allow', 'permit', 'enable', 'activate'],
  ['prevent', 'block', 'disable', 'forbid', 'deactivate'],
  ['wait', 'sleep', 'pause', 'delay'],
  ['time', 'clock', 'timestamp'],
  ['date', 'day', 'calendar'],
  ['random', 'randomly', 'shuffle'],
  ['count', 'tally', 'number'],
  ['size', 'length', 'len'],
  ['upper', 'uppercase', 'capital', 'capitalize'],
  ['lower', 'lowercase'],
  ['empty', 'blank'],
  ['duplicate', 'duplicates', 'repeated', 'unique'],
  ['loop', 'iterate', 'iteration', 'repeat'],
  ['thread', 'threading', 'concurrency', 'parallel'],
  ['async', 'asynchronous', 'asyncio', 'await', 'coroutine'],
  ['memory', 'ram'],
  ['network', 'socket', 'connection'],
  ['web', 'http', 'url', 'internet'],
  ['compress', 'zip', 'archive', 'gzip'],
  ['encrypt', 'encryption', 'cipher', 'hash'],
  ['environment', 'env', 'variable'],
  ['round', 'rounding', 'truncate'],
  ['regular', 'regex', 're', 'pattern'],
  ['debug', 'debugger', 'troubleshoot'],
  ['help', 'support', 'assistance'],
];

const bySynonym = new Map<string, Set<string>>();
for (const group of GROUPS) {
  for (const word of group) {
    const set = bySynonym.get(word) ?? new Set<string>();
    for (const other of group) if (other !== word) set.add(other);
    bySynonym.set(word, set);
  }
}

/** Paraphrases of a (folded) word, at most `max`. */
export function synonymsOf(word: string, max = 4): string[] {
  return [...(bySynonym.get(word) ?? [])].slice(0, max);
}
