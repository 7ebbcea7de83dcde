/**
 * The spec's texts of one section, word for word (see shell.ts). A section only lazy screens use lives in
 * its own module so it stays off the first-load budget (ADR 015); nothing on the first-load path imports it.
 */
import { PRODUCT_NAME } from "#domain/texts/shell.ts";

export const barnTexts = {
  title: "Your Barn",
  emptyTitle: "You are not listed as a trainer for any horses yet.",
  emptyBody: "When an owner assigns you as a trainer, the horse will appear here.",
  inviteCustomers: "Invite Customers",
  copyLink: "Copy Link",
  copied: "Copied!",
  owner: "Owner: ",
  notAvailable: "N/A",
  loadFailed: "Could not load your barn.",
  inviteBody: "Send your customers this link to create their Ringside accounts.",
  signUpLink: "Sign-up link",
  email: "Email",
  text: "Text",
  inviteSubject: "Join me on Ringside",
  inviteText: (link: string) => `Join me on ${PRODUCT_NAME} to manage our show season! Sign up here: ${link}`,
  inviteNotValid: "This invitation link is not valid.",
  invitedBy: (trainer: string) => `${trainer} invited you to ${PRODUCT_NAME}.`,
  welcomeTitle: (trainer: string) => `Welcome! ${trainer} invited you to ${PRODUCT_NAME}.`,
  welcomeBody: (trainer: string) =>
    `Add your horses so ${trainer} can be listed as their trainer, then pick classes in the Show Planner: they appear here, day by day.`,
  welcomeAddHorses: "Add your horses",
  welcomePlanner: "Open the Show Planner",
  welcomeDismiss: "Dismiss",
} as const;
