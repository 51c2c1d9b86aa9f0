/** Environments, their variables, and the project's global parameters (issue 24). */
import { translate } from '@shared/messages';
import { environmentIdOfVariable } from '@shared/schemas/environment';
import { projectIdOfDocument } from '@shared/schemas/document';
import {
  addVariable,
  changeVariables,
  createEnvironment,
  deleteEnvironment,
  editVariable,
  environmentsOf,
  getEnvironment,
  getGlobalParams,
  noGlobalParams,
  removeVariable,
  saveGlobalParams,
  toEnvironmentView,
  toVariableView,
  updateEnvironment,
} from '../../domain/environments';
import { AppError } from '../../core/app-error';
import { defineHandlers } from '../../runtime/service';
import { editorOf } from '../../domain/users';

async function environmentOf(projectId: string, envId: string) {
  if (projectIdOfDocument(envId) !== projectId) throw new AppError('notFound');
  const env = await getEnvironment(projectId, envId);
  if (!env) throw new AppError('notFound');
  return env;
}

export const environmentHandlers = defineHandlers({
  // The project's parameters belong to the whole project: a share of some of its documents reads none of them.
  'globalParam.get': async ({ params: { projectId } }, ctx) =>
    ctx.project.share?.docIds.length ? noGlobalParams(projectId) : getGlobalParams(projectId),

  'globalParam.save': async ({ body: { projectId, value, rev } }, ctx) =>
    saveGlobalParams(projectId, value, rev, await editorOf(ctx.caller.userId)),

  'env.list': async ({ params: { id } }) => (await environmentsOf(id)).map(toEnvironmentView),

  'env.get': async ({ params: { id } }) => toEnvironmentView(await environmentOf(projectIdOfDocument(id), id)),

  'env.create': async ({ body: { projectId, ...fields } }, ctx) =>
    toEnvironmentView(await createEnvironment(projectId, fields, [], await editorOf(ctx.caller.userId))),

  'env.update': async ({ body: { id, rev, ...fields } }, ctx) =>
    toEnvironmentView(await updateEnvironment(projectIdOfDocument(id), id, fields, rev, await editorOf(ctx.caller.userId))),

  'env.delete': async ({ query: { id } }) => {
    await deleteEnvironment(projectIdOfDocument(id), id);
    return null;
  },

  'env.duplicate': async ({ params: { projectId, envId } }, ctx) => {
    const source = await environmentOf(projectId, envId);
    const name = `${source.name}${translate(ctx.locale, 'text.copySuffix')}`.slice(0, 32).trim();
    const fields = { name, baseUrl: source.baseUrl, defaultVariable: source.defaultVariable, globalParams: source.globalParams };
    return toEnvironmentView(await createEnvironment(projectId, fields, source.variables, await editorOf(ctx.caller.userId)));
  },

  'variable.create': async ({ body: { envId, ...input } }, ctx) => {
    const { env, result } = await changeVariables(
      projectIdOfDocument(envId),
      envId,
      (variables, current) => addVariable(current, variables, input),
      await editorOf(ctx.caller.userId),
    );
    return toVariableView(env, result);
  },

  'variable.update': async ({ body: { id, rev, ...input } }, ctx) => {
    const envId = environmentIdOfVariable(id);
    const { env, result } = await changeVariables(
      projectIdOfDocument(id),
      envId,
      (variables) => editVariable(variables, id, rev, input),
      await editorOf(ctx.caller.userId),
    );
    return toVariableView(env, result);
  },

  'variable.list': async ({ params: { projectId, envId } }) => {
    const env = await environmentOf(projectId, envId);
    return env.variables.map((v) => toVariableView(env, v));
  },

  'variable.delete': async ({ params: { id } }, ctx) => {
    await changeVariables(
      projectIdOfDocument(id),
      environmentIdOfVariable(id),
      (variables) => removeVariable(variables, id),
      await editorOf(ctx.caller.userId),
    );
    return null;
  },
});
