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

export const UserSearchQuery = z.strictObject({ q: z.string().max(100).default("") });
export const UserSearchResult = z.object({
  users: z.array(PersonRef.extend({ isFriend: z.boolean() })),
});
export type UserSearchResult = z.infer<typeof UserSearchResult>;

export const AddFriendBody = z.strictObject({ friendId: z.string().min(1).max(64) });
export type AddFriendBody = z.infer<typeof AddFriendBody>;
