/**
 * Project tokens (issue 26): editors make them (the secret is in the answer and nowhere else), list them with their
 * last use, and revoke them; and see the project's last imports, by person or by token (the Sync panel).
 */
import { IMPORT_HISTORY_MAX, importJobsOf, toImportHistoryEntry } from '../../domain/import-jobs';
import { createProjectToken, revokeProjectToken, tokensOf, toTokenView } from '../../domain/project-tokens';
import { getUser } from '../../domain/users';
import { defineHandlers } from '../../runtime/service';

export const tokenHandlers = defineHandlers({
  'token.create': async ({ body }, ctx) => {
    const user = await getUser(ctx.caller.userId);
    const { record, secret } = await createProjectToken({
      projectId: ctx.project.item.id,
      name: body.name,
      scopes: body.scopes,
      expiresInDays: body.expiresInDays,
      editor: { id: ctx.caller.userId, name: user?.nickname ?? '' },
    });
    ctx.log.info('project token created', { project: record.projectId, token: record.id, scopes: record.scopes });
    return { token: toTokenView(record), secret };
  },

  'token.list': async (_, ctx) => ({ tokens: (await tokensOf(ctx.project.item.id)).map((t) => toTokenView(t)) }),

  'token.revoke': async ({ params }, ctx) => {
    const record = await revokeProjectToken(ctx.project.item.id, params.id);
    ctx.log.info('project token revoked', { project: record.projectId, token: record.id });
    return { token: toTokenView(record) };
  },

  'import.history': async (_, ctx) => {
    const jobs = await importJobsOf(ctx.project.item.id);
    return { imports: jobs.slice(0, IMPORT_HISTORY_MAX).map((job) => toImportHistoryEntry(job, ctx.locale)) };
  },
});
