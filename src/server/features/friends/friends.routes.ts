import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { IdParam } from "#domain/contracts/people.ts";
import { AddFriendBody, FriendList, UserSearchQuery, UserSearchResult } from "#domain/contracts/profile.ts";
import { ErrorBody } from "#domain/errors.ts";
import type { Db } from "#server/db/client.ts";
import { addFriend, findPeople, getFriends, removeFriend } from "#server/features/friends/friends.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

export async function friendRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    "/api/friends",
    { schema: { tags: ["friends"], summary: "Your friends", response: { 200: FriendList, ...errors } } },
    async (request) => getFriends(db, await app.requireViewer(request)),
  );

  r.get(
    "/api/friends/search",
    {
      schema: {
        tags: ["friends"],
        summary: "Add Friends: people whose name holds every word of q (never yourself)",
        querystring: UserSearchQuery,
        response: { 200: UserSearchResult, ...errors },
      },
    },
    async (request) => findPeople(db, await app.requireViewer(request), request.query.q),
  );

  r.post(
    "/api/friends",
    {
      schema: {
        tags: ["friends"],
        summary: "Add a friend; friendship is mutual and stored once each way",
        body: AddFriendBody,
        response: { 200: FriendList, ...errors },
      },
    },
    async (request) => addFriend(db, await app.requireViewer(request), request.body.friendId),
  );

  r.delete(
    "/api/friends/:id",
    {
      schema: {
        tags: ["friends"],
        summary: "Remove a friend, in both directions",
        params: z.strictObject({ id: IdParam }),
        response: { 200: FriendList, ...errors },
      },
    },
    async (request) => removeFriend(db, await app.requireViewer(request), request.params.id),
  );
}
