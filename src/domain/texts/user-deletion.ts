/**
 * Deleting a user who is the only owner of horses (issue 24 item 5): the admin's dialog and the API's
 * refusals. Only the Admin Panel (a lazy screen) and the server import it.
 */
export const userDeletionTexts = {
  horsesHeading: (name: string, count: number) =>
    count === 1
      ? `${name} is the only owner of 1 horse. What becomes of it?`
      : `${name} is the only owner of ${count} horses. What becomes of them?`,
  transfer: "Give them to another person",
  transferTo: "New owner",
  transferHint: "The new owner gets them with their show records, under My Horses.",
  pickOwner: "Choose the new owner",
  searchPeople: "Search people by name or email",
  noOtherUsers: "No other person matches. Search by name or email.",
  deleteHorses: "Delete them with their entries and records",
  checking: "Checking the horses this user owns…",
  errors: {
    chooseHorses: (count: number) =>
      `This user is the only owner of ${count === 1 ? "1 horse" : `${count} horses`}: choose whether to give ${count === 1 ? "it" : "them"} to another person or delete ${count === 1 ? "it" : "them"} with ${count === 1 ? "its" : "their"} entries.`,
    chooseNewOwner: "Choose who the horses go to.",
    newOwnerNotFound: "The new owner was not found.",
    newOwnerIsDeleted: "The horses cannot go to the user being deleted: choose another person.",
  },
} as const;
