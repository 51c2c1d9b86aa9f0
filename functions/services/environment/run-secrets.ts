/** Run secrets of environments (issue 36): write-only; what any answer carries of one is its name. */
import { deleteRunSecret, listRunSecrets, setRunSecret } from '../../domain/run-secrets';
import { editorOf } from '../../domain/users';
import { defineHandlers } from '../../runtime/service';

export const runSecretHandlers = defineHandlers({
  'runSecret.list': async ({ params: { id } }) => listRunSecrets(id),
  'runSecret.set': async ({ body: { envId, name, value } }, ctx) => setRunSecret(envId, name, value, await editorOf(ctx.caller.userId)),
  'runSecret.delete': async ({ query: { envId, name } }) => {
    await deleteRunSecret(envId, name);
    return null;
  },
});
