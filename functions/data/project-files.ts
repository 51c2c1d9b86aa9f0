/** The S3 side of a project: everything under `projects/<projectId>/` in the files bucket. */
import { keys } from './keys';
import { copyObject, deleteObjects, listKeys } from './s3';

/** Copies the content objects of one project to another (a clone): document bodies and uploaded files. */
export async function copyProjectFiles(fromProjectId: string, toProjectId: string): Promise<number> {
  const from = keys.projectFilesPrefix(fromProjectId);
  const to = keys.projectFilesPrefix(toProjectId);
  let copied = 0;
  for (const prefix of keys.clonedPrefixes(fromProjectId)) {
    for await (const page of listKeys(prefix)) {
      await Promise.all(page.map((key) => copyObject(key, to + key.slice(from.length))));
      copied += page.length;
    }
  }
  return copied;
}

/** Deletes every object of a project. Safe to repeat. */
export async function deleteProjectFiles(projectId: string): Promise<number> {
  let deleted = 0;
  for await (const page of listKeys(keys.projectFilesPrefix(projectId))) {
    await deleteObjects(page);
    deleted += page.length;
  }
  return deleted;
}

/** Deletes an account's own files (its avatar), kept where a project's would be, under the account's id. */
export const deleteAccountFiles = (userId: string): Promise<number> => deleteProjectFiles(userId);

/** Deletes a team's own files (its logo), kept where a project's would be, under the team's id. */
export const deleteTeamFiles = (teamId: string): Promise<number> => deleteProjectFiles(teamId);
