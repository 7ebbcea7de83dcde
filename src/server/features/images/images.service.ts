/**
 * Stored pictures (a horse's, a person's photo) as the features that own them keep them: inserted with
 * the record that shows them, deleted when it is replaced or goes.
 */
export { deleteImage, insertImage } from "./images.repository.ts";
