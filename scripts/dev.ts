/**
 * `npm run dev`: the same local services and handlers (from source), with Vite's dev server and hot reload in
 * front, proxying /api and /__dev to the gateway.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { javaAvailable, JAVA_MISSING_HELP } from './local/dynamo';
import { freePort } from './local/free-port';
import { ROOT } from './local/paths';
import { DEFAULT_DATA_DIR, startStack } from './local/stack';

// Local runs may use Node 20; Lambda runs Node 22, so the SDK's Node 20 notice is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

if (!javaAvailable()) {
  console.error(JAVA_MISSING_HELP);
  process.exit(1);
}

const apiPort = await freePort();
const stack = await startStack({
  port: apiPort,
  host: '127.0.0.1',
  dataDir: process.env.APILOOM_DATA_DIR ?? DEFAULT_DATA_DIR,
  handlers: 'source',
  offline: process.env.APILOOM_OFFLINE === 'true',
  log: (l) => console.log(l),
});
const vite = spawn(
  process.execPath,
  [join(ROOT, 'node_modules/vite/bin/vite.js'), '--config', 'web/vite.config.ts', '--port', process.env.PORT ?? '3000', '--strictPort'],
  { cwd: ROOT, stdio: 'inherit', env: { ...process.env, API_PROXY_TARGET: `http://127.0.0.1:${apiPort}` } },
);

const shutdown = () => {
  vite.kill('SIGTERM');
  void stack.stop().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
vite.on('exit', (code) => {
  void stack.stop().then(() => process.exit(code ?? 0));
});
