/** Puts `block` at `at` in `text` on a line of its own; `caret` is where the block ends. */
export function insertBlock(text: string, at: number, block: string) {
  const before = text.slice(0, at);
  const after = text.slice(at);
  const lead = before === '' || before.endsWith('\n') ? '' : '\n';
  const trail = after === '' || after.startsWith('\n') ? '' : '\n';
  return { text: `${before}${lead}${block}${trail}${after}`, caret: before.length + lead.length + block.length };
}
