/** Favourites: one item per user and project, listed for the user by an index, newest first. */
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import { deleteItem, getItem, queryAll } from '../data/db';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';

const favoriteRecord = lazy(() => z.object({ projectId: z.string(), userId: z.string(), favoredAt: z.string() }));

/** A favourite, listed among its user's by an index entry ordered by when it was made. */
const favoriteEntity = defineEntity({
  name: 'favorite',
  schema: favoriteRecord,
  key: (f: { projectId: string; userId: string }) => keys.favorite(f.projectId, f.userId),
  indexes: (index) => ({ gsi1: index(['userId', 'favoredAt'], (f) => keys.favoriteOfUser(f.userId, f.favoredAt)) }),
});

export async function addFavorite(projectId: string, userId: string, now = new Date()) {
  await favoriteEntity.put({ projectId, userId, favoredAt: now.toISOString() });
}

export const removeFavorite = (projectId: string, userId: string) => deleteItem(keys.favorite(projectId, userId));

export const isFavorite = async (projectId: string, userId: string | undefined) =>
  userId ? (await getItem(keys.favorite(projectId, userId))) !== undefined : false;

/** The ids of the user's favourite projects, newest first. */
export const favoriteProjectIds = async (userId: string) =>
  favoriteEntity.parseAll(await queryAll(keys.favoritesOfUser(userId))).map((f) => f.projectId);
