/** Favourites of the signed-in user. */
import { addFavorite, removeFavorite } from '../../domain/favorites';
import { favoritesOfUser } from '../../domain/project-lists';
import { defineHandlers } from '../../runtime/service';
import { myProjectViews } from './views';

export const favoriteHandlers = defineHandlers({
  'project.favorAdd': async ({ params }, ctx) => {
    await addFavorite(params.id, ctx.caller.userId);
    return null;
  },
  'project.favorRemove': async ({ params }, ctx) => {
    await removeFavorite(params.id, ctx.caller.userId);
    return null;
  },
  /** Favourites keep their order (newest first); recycled ones drop out until restored. */
  'project.favorites': async (_input, ctx) =>
    myProjectViews(
      (await favoritesOfUser(ctx.caller.userId)).filter((p) => p.project.state === 'active' || p.project.state === 'archived'),
      { sort: false },
    ),
});
