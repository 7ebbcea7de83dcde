import { z } from "zod";
import { LIMITS } from "#domain/contracts/auth.ts";
import { DateOnly, PersonRef } from "#domain/contracts/people.ts";

export const USER_GENDERS = ["Male", "Female", "Other"] as const;
export const UserGender = z.enum(USER_GENDERS);

/** Edit Profile: name, e-mail (email format) and date of birth are required; gender optional. */
export const UpdateProfileBody = z.strictObject({
  name: z
    .string({ error: "Name is required." })
    .trim()
    .min(1, { error: "Name is required." })
    .max(LIMITS.name, { error: `Name must be at most ${LIMITS.name} characters.` }),
  email: z
    .email({ error: "Enter a valid email address." })
    .max(LIMITS.email, { error: `Email must be at most ${LIMITS.email} characters.` }),
  dateOfBirth: DateOnly,
  gender: UserGender.nullable(),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

export const PhotoResult = z.object({ photoId: z.string() });

export const FriendList = z.object({ friends: z.array(PersonRef) });
export type FriendList = z.infer<typeof FriendList>;

/**
 * How a person found in Add Friends relates to the viewer: a friend; asked by the viewer
 * ("Requested", also after they ignored it); asking the viewer; blocked by the viewer; or none.
 */
export const FRIEND_RELATIONS = ["none", "friend", "requested", "incoming", "blocked"] as const;
export const FriendRelation = z.enum(FRIEND_RELATIONS);
export type FriendRelation = z.infer<typeof FriendRelation>;

export const UserSearchQuery = z.strictObject({ q: z.string().max(100).default("") });
export const UserSearchResult = z.object({
  users: z.array(
    PersonRef.extend({ relation: FriendRelation, town: z.string().nullable(), barn: z.string().nullable() }),
  ),
});
export type UserSearchResult = z.infer<typeof UserSearchResult>;

export const AddFriendBody = z.strictObject({ friendId: z.string().min(1).max(64) });
export type AddFriendBody = z.infer<typeof AddFriendBody>;

/** 'Add' sends a request, or accepts theirs when they had already asked the viewer. */
export const AddFriendResult = z.object({ outcome: z.enum(["requested", "accepted"]) });
export type AddFriendResult = z.infer<typeof AddFriendResult>;

/** Requests still waiting: to the viewer (not ignored) and from the viewer. */
export const FriendRequests = z.object({ incoming: z.array(PersonRef), outgoing: z.array(PersonRef) });
export type FriendRequests = z.infer<typeof FriendRequests>;

export const BlockList = z.object({ blocked: z.array(PersonRef) });
export type BlockList = z.infer<typeof BlockList>;

export const BlockBody = z.strictObject({ userId: z.string().min(1).max(64) });
export type BlockBody = z.infer<typeof BlockBody>;
