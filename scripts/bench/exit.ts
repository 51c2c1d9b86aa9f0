/**
 * How a bench ends: once every figure is printed and its stack stopped, the process exits with the bench's status.
 * A bench starts what it does not own (esbuild's service, browsers, stacks in child processes); one of them left
 * running kept `npm run bench` alive for minutes after its last line, so the end is not left to the event loop.
 * Output is flushed first (a pipe's writes are asynchronous, and exit would cut them off).
 */
export async function endBench(code = Number(process.exitCode ?? 0)): Promise<never> {
  await new Promise<void>((flushed) => process.stdout.write('', () => flushed()));
  await new Promise<void>((flushed) => process.stderr.write('', () => flushed()));
  process.exit(code);
}
