import { hasRole, type Role } from "#domain/people/roles.ts";

/** Predicting a show's next edition reads every edition's details: an admin's tool. */
export const canPredictShows = (viewer: { roles: readonly Role[] }): boolean => hasRole(viewer, "Admin");

/** Reading a class list from an upload runs OCR on the server: an admin's tool. */
export const canImportClassLists = (viewer: { roles: readonly Role[] }): boolean => hasRole(viewer, "Admin");
