import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody } from "#domain/app/errors.ts";
import { IdParam } from "#domain/contracts/people.ts";
import {
  AddFriendBody,
  AddFriendResult,
  BlockBody,
  BlockList,
  FriendList,
  FriendRequests,
  UserSearchQuery,
  UserSearchResult,
} from "#domain/contracts/profile.ts";
import { blockUser, getBlocked, unblockUser } from "./blocks.service.ts";
import {
  acceptFriendRequest,
  addFriend,
  type FriendsDeps,
  findPeople,
  getFriendRequests,
  getFriends,
  ignoreFriendRequest,
  removeFriend,
  withdrawFriendRequest,
} from "./friends.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const PersonParams = z.strictObject({ id: IdParam });

export async function friendRoutes(app: FastifyInstance, deps: Omit<FriendsDeps, "log">): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

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
        summary:
          "Add Friends: people whose name holds every word of q (never yourself), with how they relate to you",
        querystring: UserSearchQuery,
        response: { 200: UserSearchResult, ...errors },
      },
    },
    async (request) => findPeople(db, await app.requireViewer(request), request.query.q),
  );

  r.post(
    "/api/friends",
    {
      config: { idempotent: true },
      schema: {
        tags: ["friends"],
        summary: "Add: sends a friend request, or accepts theirs if they already asked you",
        body: AddFriendBody,
        response: { 200: AddFriendResult, ...errors },
      },
    },
    async (request) =>
      addFriend({ ...deps, log: app.log }, await app.requireViewer(request), request.body.friendId),
  );

  r.delete(
    "/api/friends/:id",
    {
      schema: {
        tags: ["friends"],
        summary: "Remove a friend, in both directions",
        params: PersonParams,
        response: { 200: FriendList, ...errors },
      },
    },
    async (request) => removeFriend(db, await app.requireViewer(request), request.params.id),
  );

  r.get(
    "/api/friends/requests",
    {
      schema: {
        tags: ["friends"],
        summary: "Friend requests waiting: sent to you (not ignored) and sent by you",
        response: { 200: FriendRequests, ...errors },
      },
    },
    async (request) => getFriendRequests(db, await app.requireViewer(request)),
  );

  r.post(
    "/api/friends/requests/:id/accept",
    {
      config: { idempotent: true },
      schema: {
        tags: ["friends"],
        summary: "Accept the friend request this person sent you; friendship is mutual",
        params: PersonParams,
        response: { 200: FriendList, ...errors },
      },
    },
    async (request) => acceptFriendRequest(db, await app.requireViewer(request), request.params.id),
  );

  r.post(
    "/api/friends/requests/:id/ignore",
    {
      config: { idempotent: true },
      schema: {
        tags: ["friends"],
        summary: "Ignore the friend request this person sent you (they are not told)",
        params: PersonParams,
        response: { 200: FriendRequests, ...errors },
      },
    },
    async (request) => ignoreFriendRequest(db, await app.requireViewer(request), request.params.id),
  );

  r.delete(
    "/api/friends/requests/:id",
    {
      schema: {
        tags: ["friends"],
        summary: "Withdraw the friend request you sent this person (only its sender can)",
        params: PersonParams,
        response: { 200: FriendRequests, ...errors },
      },
    },
    async (request) => withdrawFriendRequest(db, await app.requireViewer(request), request.params.id),
  );

  r.get(
    "/api/blocks",
    {
      schema: {
        tags: ["friends"],
        summary: "People you have blocked",
        response: { 200: BlockList, ...errors },
      },
    },
    async (request) => getBlocked(db, await app.requireViewer(request)),
  );

  r.post(
    "/api/blocks",
    {
      schema: {
        tags: ["friends"],
        summary:
          "Block someone: their entries stop mirroring onto you and notifying your barn, friendship and requests end, and entries they put on your roster are removed",
        body: BlockBody,
        response: { 200: BlockList, ...errors },
      },
    },
    async (request) => blockUser(db, await app.requireViewer(request), request.body.userId),
  );

  r.delete(
    "/api/blocks/:id",
    {
      schema: {
        tags: ["friends"],
        summary: "Unblock someone (nothing the block removed comes back)",
        params: PersonParams,
        response: { 200: BlockList, ...errors },
      },
    },
    async (request) => unblockUser(db, await app.requireViewer(request), request.params.id),
  );
}
