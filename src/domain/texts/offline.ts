/**
 * Beyond the spec (issue 11): working without a connection, installing, updating. Only the parts that use
 * them load these words (off the first load; ADR 024 made room there for the load boundary); what the
 * first screen's spinner says offline stays in shell.ts.
 */
export const offlineTexts = {
  showingSaved: (time: string) => `Offline — showing what you saw at ${time}`,
  offlineNothingSaved: "Offline",
  backOnline: "Back online",
  waiting: (n: number) => (n === 1 ? "1 change waiting to send" : `${n} changes waiting to send`),
  sending: (n: number) => (n === 1 ? "Sending 1 change…" : `Sending ${n} changes…`),
  failedTitle: "Changes not sent",
  notSent: (label: string, reason: string) => `Not sent: ${label}. ${reason}`,
  retry: "Try again",
  dismiss: "Dismiss",
  pendingIcon: "Waiting to send: this change is kept on this device until the connection returns.",
  failedIcon: (reason: string) => `Not sent: ${reason}`,
  pendingRead: "Waiting to send",
  /** The roster's list of entries saved offline, shown at once until they are sent (issue 24). */
  waitingEntries: "Saved here, waiting to send",
  labels: {
    saveEntries: (cls: string, show: string) => `entries for ${cls} (${show})`,
    removeClassEntries: (cls: string, show: string) => `removing your entries for ${cls} (${show})`,
    markRead: "marking a notification read",
    addRecord: (show: string, cls: string) => `show record ${show}, ${cls}`,
    addFriend: (name: string) => `friend request to ${name}`,
    answerRequest: (answer: "accept" | "ignore", name: string) =>
      answer === "accept" ? `accepting ${name}'s friend request` : `ignoring ${name}'s friend request`,
  },
  install: "Install app",
  updateReady: "A new version of Ringside is ready.",
  updateNow: "Update now",
} as const;
