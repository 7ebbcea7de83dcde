/**
 * The class entry dialog's words and the entry rules' refusals and notices: what the roster, planner and
 * show detail do not show on their first paint (their entry labels and icon tooltips stay in shell.ts).
 */
export const entriesTexts = {
  prompt: "How are you involved with this class? (Select all that apply)",
  save: "Save",
  removeAll: "Remove all from Roster",
  horse: "Horse",
  rider: "Rider",
  customer: "Customer",
  noHorse: "No horse",
  noRider: "No rider",
  chooseCustomer: "Choose a customer",
  selectCustomerFirst: "Select customer first",
  /** A chooser's accessible name: unique in the dialog even with several tiles on. */
  chooserName: (field: string, status: string) => `${field} for ${status}`,
  tooltips: {
    imShowing: (horse: string | null) => (horse ? `You are showing ${horse}` : "You are showing"),
    horseIsShowing: (horse: string | null, rider: string | null) =>
      `${horse ?? "Your horse"} is showing${rider ? ` with ${rider}` : ""}`,
    customerIsShowing: (rider: string | null, horse: string | null) =>
      ["Your customer", rider, "is showing", horse].filter(Boolean).join(" "),
    friendIsShowing: (rider: string | null, horse: string | null) =>
      ["Your friend", rider, "is showing", horse].filter(Boolean).join(" "),
    interested: "You are interested in this class",
    watching: "You are watching this class",
    /** An entry someone else's entry mirrored onto the viewer says who made it (ADR 008). */
    enteredBy: (tooltip: string, name: string) => `${tooltip} (Entered by ${name})`,
  },
  barnActivity: (user: string, horse: string, className: string, show: string) =>
    `${user} entered ${horse} in the "${className}" class at ${show}.`,
  denials: {
    classNotFound: "Class not found.",
    entryNotFound: "Entry not found.",
    horseIsShowingTrainer: "Trainers declare horses under Customer is Showing, not My Horse is Showing.",
    customerIsShowingNotTrainer: "Only trainers can declare Customer is Showing.",
    unknownHorse: "That horse does not exist.",
    unknownRider: "That rider does not exist.",
    notOwnHorse: "You can only choose a horse you own.",
    imShowingRider: "The rider for I'm Showing can only be you.",
    riderNotEligible: "The rider must be an owner or a trainer.",
    friendIsSelf: "Choose someone other than yourself as the friend who is showing.",
    notYourCustomer: "That person is not one of your customers.",
    customerFirst: "Choose the customer before the horse.",
    notCustomersHorse: "That horse is not one of your customer's horses that you train.",
    noPeopleAllowed: (label: string) => `${label} takes no horse or rider.`,
  },
} as const;
