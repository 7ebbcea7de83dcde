import type { Me } from "#domain/contracts/auth.ts";
import type { UpdateProfileBody } from "#domain/contracts/profile.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import type { Db } from "#server/db/client.ts";
import { deleteImage, insertImage } from "#server/features/images/images.service.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { conflict, forbidden } from "#server/platform/errors.ts";
import { processImage } from "#server/platform/images.ts";
import { canEditProfile } from "./profile.policy.ts";
import { emailTakenByOther, findPhotoId, setPhoto, updateProfile } from "./profile.repository.ts";

/** A unique-index violation on either engine: two people raced for the same email. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === "23505" ||
    e?.code === "SQLITE_CONSTRAINT_UNIQUE" ||
    /UNIQUE constraint/.test(e?.message ?? "")
  );
}

export async function editProfile(db: Db, viewer: Viewer, body: UpdateProfileBody): Promise<Me> {
  if (!canEditProfile(viewer, viewer.id)) throw forbidden();
  if (await emailTakenByOther(db.db, body.email, viewer.id)) throw conflict(errorsTexts.emailExists);
  const now = new Date();
  try {
    await updateProfile(db.db, viewer.id, body, db.kind === "postgres" ? now : now.toISOString());
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(errorsTexts.emailExists);
    throw error;
  }
  return {
    ...viewer,
    name: body.name,
    email: body.email.toLowerCase(),
    dateOfBirth: body.dateOfBirth,
    gender: body.gender,
  };
}

export async function changePhoto(
  db: Db,
  viewer: Viewer,
  readUpload: () => Promise<Buffer>,
): Promise<{ photoId: string }> {
  const image = await processImage(await readUpload());
  const photoId = await db.db.transaction().execute(async (trx) => {
    const previous = await findPhotoId(trx, viewer.id);
    const id = await insertImage(trx, viewer.id, image);
    await setPhoto(trx, viewer.id, id);
    if (previous) await deleteImage(trx, previous);
    return id;
  });
  return { photoId };
}

/** For the Admin Panel's user form, which refuses an email another account holds as Edit Profile does. */
export { emailTakenByOther } from "./profile.repository.ts";
