/** s3rver, a small S3 emulator on the file system, listening on the loopback interface only. */
import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import type { LocalService } from './dynamo';

export async function startS3(opts: { port: number; dataDir: string }): Promise<LocalService> {
  mkdirSync(opts.dataDir, { recursive: true });
  const server = new S3rver({ port: opts.port, address: '127.0.0.1', directory: opts.dataDir, silent: true });
  await server.run();
  return { endpoint: `http://127.0.0.1:${opts.port}`, stop: async () => void (await server.close()) };
}
