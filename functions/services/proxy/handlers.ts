/** The interface-test proxy's one route: counted against the caller's per-user limit, then sent through the guard. */
import { consume } from '../../domain/throttles';
import { defineHandlers } from '../../runtime/service';
import { ourSecrets, sendRun, type ProxyGuard } from './send';

/** `guard` is a parameter, never configuration: the deployed function (index.ts) passes none. */
export const proxyHandlers = (guard: ProxyGuard = {}) =>
  defineHandlers({
    'proxy.send': async ({ body }, ctx) => {
      await consume(['proxySend', ctx.caller.userId], 'proxyThrottled');
      return sendRun(body, ourSecrets(ctx.event), guard);
    },
  });
