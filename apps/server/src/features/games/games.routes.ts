import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getGamesResponse, SUPPORTED_GAMES } from '@smm/shared/games/catalogue';

export const gamesRoutes = (): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/api/games/getGames',
    {
      schema: {
        tags: ['games'],
        description: 'The games a group can be created for, with the group area (linkURL) and icon of each.',
        response: { 200: getGamesResponse },
      },
    },
    () => SUPPORTED_GAMES.map(({ gameName, linkURL, icon }) => ({ gameName, linkURL, icon })),
  );
};
