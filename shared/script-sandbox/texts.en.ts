import type { scriptsZh } from './texts.zh';

/** English texts of the request scripts' sandbox: the same keys as scripts.zh.ts, checked by the type. */
export const scriptsEn: Record<keyof typeof scriptsZh, string> = {
  unsupported: '{{name}} is not supported here; it was ignored',
  responseInPre: 'pm.response is only available in a post-response script',
  requestReadOnly: 'The request was already sent: a post-response script cannot change pm.request; the change was ignored',
  atLine: '{{message}} (line {{line}})',
  timeout: 'The script did not finish within {{ms}} ms',
  memory: 'The script used more than {{mb}} MB of memory',
  stackOverflow: 'Stack overflow: the script nests too deeply',
  neverSettles: 'The script waits for something that never happens (scripts have no timers or network)',
  testNeedsFunction: 'The second argument of pm.test must be a function',
  testUnfinished: 'The test did not finish',
  badRequest: 'The script left the request invalid: {{detail}}',
  sandboxFailed: 'The script sandbox failed; try again',
  logsCut: 'Too many log lines: only the first {{count}} are kept',
  changesTooLarge: 'What the script wrote is larger than {{mb}} MB; its changes were dropped',
};
