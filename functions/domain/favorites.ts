/** Favourites: one item per user and project, listed for the user by an index, newest first. */
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import { asRecords, deleteItem, getItem, putItem, queryAll } from '../data/db';
import { ENTITY, keys } from '../data/keys';

const favoriteRecord = lazy(() => z.object({ projectId: z.string(), userId: z.string(), favoredAt: z.string() }));

export async function addFavorite(projectId: string, userId: string, now = new Date()) {
  const favoredAt = now.toISOString();
  await putItem({
    ...keys.favorite(projectId, userId),
    ...ENTITY.favorite,
    ...keys.favoriteOfUser(userId, favoredAt),
    projectId,
    userId,
    favoredAt,
  });
}

export const removeFavorite = (projectId: string, userId: string) => deleteItem(keys.favorite(projectId, userId));

export const isFavorite = async (projectId: string, userId: string | undefined) =>
  userId ? (await getItem(keys.favorite(projectId, userId))) !== undefined : false;

/** The ids of the user's favourite projects, newest first. */
export const favoriteProjectIds = async (userId: string) =>
  asRecords(favoriteRecord, await queryAll(keys.favoritesOfUser(userId))).map((f) => f.projectId);
