/**
 * Watching without an account (issue 35, ADR 044): the words of "Share live" (roster card, horse detail)
 * and of the public page `/watch/<token>`. Lazy screens, the server's page and its small script read
 * them; nothing on the first-load path imports this module.
 */
const cls = (n: string) => `Class ${n}`;

export const watchTexts = {
  share: {
    open: "Share live",
    openLabel: (show: string) => `Share live from ${show}`,
    title: "Share live",
    intro:
      "Anyone with the link can follow this horse's classes at this show live, without an account: class times, the ring's progress, scratches and placings.",
    horse: "Horse",
    showRider: "Show the rider's name",
    showRiderHint: "Nothing else about anyone is on the page: no owner, no email, no other horses.",
    make: "Make live link",
    making: "Making the link…",
    linkLabel: "Live link",
    secret: "Anyone with this link can watch. You can revoke it on the horse's page.",
    copy: "Copy link",
    shareSheet: "Share…",
    shareTitle: (horse: string) => `${horse} live`,
    expires: (date: string) => `Works until the end of ${date}.`,
    noHorses: "None of your horses at this show can be shared: only a horse's owners, trainer and rider can.",
    loadFailed: "Could not load your horses at this show.",
    close: "Close",
    cancel: "Cancel",
    barnIntro:
      "Anyone with the link can follow your barn's horses at this show live, without an account: class times, the ring's progress, scratches and placings.",
    barnWhat: "Every horse you train that has classes at this show.",
    barnSecret: "Anyone with this link can watch. You can revoke it on your barn's page.",
    barnShareTitle: (show: string) => `Our barn live from ${show}`,
  },
  links: {
    title: "Live links",
    intro: "Links that let people without an account follow this horse at a show.",
    none: "No live links.",
    madeBy: (who: string | null, when: string) => (who ? `Made by ${who} on ${when}` : `Made on ${when}`),
    riderShown: "Rider's name shown",
    riderHidden: "Rider's name hidden",
    revoke: "Revoke",
    revokeLabel: (show: string) => `Revoke the live link for ${show}`,
    revokeTitle: "Revoke this live link?",
    revokeBody: "Anyone who has it will see a page that does not exist. This cannot be undone.",
    revokeConfirm: "Revoke link",
    revoked: "Link revoked.",
    shareAt: (show: string) => `Share live from ${show}`,
    shareFor: "Shows running or to come",
    loadFailed: "Could not load the live links.",
    barnIntro: "Links that let people without an account follow your barn's horses at a show.",
    barnShareAt: (show: string) => `Share the barn live from ${show}`,
  },
  refusals: {
    notAllowed: "Only the horse's owners, trainers and its rider at this show can share it live.",
    notAtShow: "This horse has no classes at this show.",
    showOver: "This show is over: a live link can be made for a show running or to come.",
    linkNotFound: "There is no such live link.",
    barnNotAllowed: "Only a trainer can share their barn live.",
    barnNotAtShow: "None of the horses you train has classes at this show.",
  },
  page: {
    title: (horse: string) => `${horse} live — Ringside`,
    eyebrow: (show: string) => `Live from ${show}`,
    rider: (name: string) => `Ridden by ${name}`,
    classes: "Classes",
    noClasses: "No classes at this show.",
    barnTitle: (barn: string) => `${barn}'s barn live — Ringside`,
    barnHeading: (barn: string) => `${barn}'s barn`,
    barnHorses: "Horses",
    noHorses: "None of the barn's horses has classes at this show.",
    ringNow: (n: string) => `In the ring now: ${cls(n)}`,
    between: "Between classes",
    isInRing: (horse: string) => `${horse} is in the ring`,
    isUpNext: (horse: string) => `${horse} is up next`,
    isAway: (horse: string, count: number) => `${horse} is ${count} classes away`,
    nextClass: (horse: string, n: string, at: string | null) =>
      at ? `${horse}'s next class: ${cls(n)} ≈ ${at}` : `${horse}'s next class: ${cls(n)}`,
    allDone: (horse: string) => `${horse}'s classes at this show are over.`,
    late: (minutes: number) => `Running late +${minutes} min`,
    placed: (placing: string) => `Placed ${placing}`,
    riddenBy: (name: string) => `Rider: ${name}`,
    classLabel: (n: string, name: string) => `${cls(n)} ${name}`,
    heard: (time: string) => `Last heard from the ring at ${time}`,
    reconnecting: (time: string) => `Reconnecting… last heard from the ring at ${time}`,
    asOf: (time: string) => `As of ${time}. This page reloads every minute.`,
    timesNote: (zone: string) => `Times are the show's (${zone}) and estimated from the ring's pace.`,
    footer: "Shared with Ringside, the walking-horse season planner.",
  },
  notify: {
    button: "Notify me",
    what: (horse: string) =>
      `Get a notification on this device when ${horse} is 3 classes away, in the ring, and placed. No account needed; it ends with this link.`,
    working: "Turning on notifications…",
    on: (horse: string) =>
      `We'll notify you on this device when ${horse} is 3 classes away, in the ring, and placed.`,
    stop: "Stop notifications",
    stopped: "Notifications stopped. Tap Notify me to turn them on again.",
    denied:
      "Notifications are blocked for this page. Allow them in your browser's site settings, then tap Notify me again.",
    unsupported:
      "This browser cannot get notifications from a web page. On an iPhone, add this page to the Home Screen first.",
    failed: "Could not turn on notifications. Check your connection and try again.",
    needsScript: "Notify me needs JavaScript, which is off in this browser.",
    tooMany: "Too many notification sign-ups from this address. Try again later.",
    barnWhat:
      "Get a notification on this device when a horse you choose is 3 classes away, in the ring, and placed. No account needed; it ends with this link.",
    barnOn: (count: number) =>
      `We'll notify you on this device when ${count === 1 ? "the horse you chose is" : `the ${count} horses you chose are`} 3 classes away, in the ring, and placed.`,
    chooseLegend: "Notify me about",
    chooseHint: "Change the choice, then tap Save choice.",
    save: "Save choice",
    saved: "Choice saved.",
    noneChosen: "Choose at least one horse.",
    noChoiceHere: "This link is one horse's: it takes no choice of horses.",
    chooseHorse: "Choose at least one of the barn's horses.",
    notBarnHorse: "Only this barn's horses at this show can be chosen.",
    pushAway: (horse: string, count: number, n: string, at: string | null) =>
      `${count === 1 ? `${horse} is up next` : `${horse} is ${count} classes away`}: ${cls(n)}${at ? ` ≈ ${at}` : ""}`,
    pushInRing: (horse: string, n: string) => `${horse} is in the ring: ${cls(n)}`,
    pushPlaced: (horse: string, placing: string, n: string) => `${horse} placed ${placing} in ${cls(n)}`,
  },
  notFound: {
    title: "Not found — Ringside",
    heading: "This page does not exist",
    body: "The link may be mistyped, revoked by the person who shared it, or the show may be over.",
  },
  tooMany: {
    title: "Too many requests — Ringside",
    heading: "Too many requests",
    body: "Too many pages were asked for from this address. Wait a minute and try again.",
  },
} as const;
