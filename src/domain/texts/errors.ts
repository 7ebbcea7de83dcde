/**
 * The spec's texts of one section, word for word (see shell.ts). A section only lazy screens use lives in
 * its own module so it stays off the first-load budget (ADR 015); nothing on the first-load path imports it.
 */
import { texts } from "#domain/texts/shell.ts";

export const errorsTexts = {
  invalidCredentials: "Invalid email or password.",
  emailExists: "An account with this email already exists.",
  noAccount: "No account found with this email.",
  magicLinkUserNotFound: "Could not complete magic link sign in. User not found.",
  notASiteAddress: "Sign-in can only return to an address on this site.",
  passwordsDoNotMatch: "Passwords do not match!",
  adminsCannotBeDeleted: "For safety, Admins cannot be deleted in this demo.",
  fillAllFields: "Please fill out all fields",
  selectShowToPredict: "Please select a show to predict",
  selectImageFirst: "Please select an image first.",
  notEnoughHistory: (show: string) => `Not enough historical data for ${show}`,
  predictionFailed: "Failed to generate AI prediction.",
  extractFailed: "Failed to extract show data from image.",
  recommendationsFailed: "Failed to generate AI class recommendations.",
  mustBeLoggedIn: "You must be logged in to get recommendations.",
  seasonPlanShowFailed: "Failed to get recommendations for this show.",
  seasonPlanUnknown: "An unknown error occurred while preparing recommendations.",
  imageProcessing: (message: string) => `Error processing image: ${message}`,
  adminAction: (message: string) => `Error: ${message}`,
  couldNotGetRecommendations: "Could not get recommendations",
  unknownError: "An unknown error occurred.",
  failedToCopy: "Failed to Copy",
  showNotFound: "Show not found",
  horseNotFound: "Horse not found",
  tooManyRequests: (wait: string) => `Too many attempts. Please wait ${wait} and try again.`,
  passwordTooShort: "Password must be at least 8 characters.",
  network: texts.common.network,
} as const;
