import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  groupCardDto,
  groupCardsResponse,
  postGroupCardBody,
  postGroupCardOrderBody,
  postRemoveGroupCardBody,
} from '@smm/shared/components/schemas';
import { apiErrorBody } from '@smm/shared/errors';
import { groupIdQuery } from '@smm/shared/groups/ids';
import { groupMessageResponse } from '@smm/shared/groups/schemas';
import type { ComponentsService } from './components.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
const tags = ['components'];
const security = [{ bearer: [] }];

export const componentsRoutes =
  (components: ComponentsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/components/getGroupCards',
      {
        preHandler: app.optionalUser,
        schema: {
          tags,
          security: [{}, ...security],
          description: "The group's Welcome cards by cardOrder: public groups to anyone, private groups to members.",
          querystring: groupIdQuery,
          response: { 200: groupCardsResponse, ...errors },
        },
      },
      (req, reply) => reply.sendKept(() => components.getGroupCards(req.maybeActor, req.query.groupID)),
    );

    app.post(
      '/api/components/postGroupCard',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'Administrators: adds a card (cardOrder = current number of cards) or, with _id, edits its title, body and footer. cardOrder in the body is ignored. ' +
            "An edit sent with expectedUpdatedAt (the card's updatedAt when the editor opened it) answers 409 when the card was saved since, changing nothing.",
          body: postGroupCardBody,
          response: { 200: groupCardDto, ...errors },
        },
      },
      (req) => components.postGroupCard(req.actor, req.body),
    );

    app.post(
      '/api/components/postGroupCardOrder',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'Administrators: every card of the group with its new cardOrder, a permutation of 0..n-1 (else 400). Returns the cards in their new order.',
          querystring: groupIdQuery,
          body: postGroupCardOrderBody,
          response: { 200: groupCardsResponse, ...errors },
        },
      },
      (req) => components.postGroupCardOrder(req.actor, req.query.groupID, req.body),
    );

    app.post(
      '/api/components/postRemoveGroupCard',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: 'Administrators: deletes the card; the remaining cards are renumbered 0..n-1.',
          body: postRemoveGroupCardBody,
          response: { 200: groupMessageResponse, ...errors },
        },
      },
      (req) => components.postRemoveGroupCard(req.actor, req.body),
    );
  };
