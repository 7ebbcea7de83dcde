import type { PushKind } from "#domain/notifications/push-kinds.ts";

/**
 * Notifications that reach a closed app (issue 27): the Notification settings screen, the opt-in on
 * Notifications, the lock-screen titles and the API's refusals. Only lazy screens and the server import it.
 */
export const pushTexts = {
  settingsTitle: "Notification settings",
  settingsLink: "Notification settings",
  settingsIntro: "Choose what reaches your lock screen. Everything always shows in Notifications.",
  back: "Back to My Profile",

  thisDevice: {
    heading: "This phone",
    enable: "Notify me on this phone",
    disable: "Stop notifications on this phone",
    on: "Notifications are on for this phone.",
    off: "This phone gets no notifications while Ringside is closed.",
    asking: "Waiting for your answer to the browser…",
    checking: "Checking this browser…",
    failed: "Could not turn on notifications for this phone.",
    /** The browser's own refusal to sign up for pushes (its words, such as "Registration failed - permission denied", are not shown). */
    browserRefused:
      "Could not turn on notifications for this phone: the browser would not sign it up. Check that notifications are allowed for Ringside in the site settings (the icon beside the address, or your phone's Settings → Notifications), then tap the button again.",
    workerNotReady:
      "Could not turn on notifications for this phone: Ringside's background helper has not started in this browser yet. Reload the page, then tap the button again.",
  },

  /** Where this browser cannot push, in plain words, with the way out. */
  cannot: {
    insecure:
      "Notifications need a secure connection. Open Ringside at its https:// address to turn them on.",
    unsupported:
      "This browser cannot show notifications while Ringside is closed. Chrome, Edge, Firefox and Safari can; so can Ringside installed on your home screen.",
    iosNotInstalled:
      "On iPhone and iPad, notifications work only in the installed app: tap Share, then Add to Home Screen, and open Ringside from your home screen.",
    denied:
      "Notifications are blocked for Ringside in this browser. Allow them in the site settings (the icon beside the address, or your phone's Settings → Notifications), then come back here.",
    dismissed: "You did not allow notifications. Tap the button again when you are ready.",
  },

  kindsHeading: "What to push",
  inAppOnly: "In the app only",
  pushed: "In the app and pushed",
  kinds: {
    "class-alert": "Class alerts (N classes away, in the ring)",
    result: "Results",
    "show-update": "Show updates (dates, location, judges)",
    barn: "Barn entries",
    "new-show": "New shows",
    "friend-request": "Friend requests",
  } satisfies Record<PushKind, string>,

  newShowsHeading: "New shows",
  newShowsHint: "Which new shows to tell you about, in the app and on this phone.",
  newShowReaches: {
    near: "Near me",
    all: "All",
    none: "None",
  },
  newShowReachHints: {
    near: "Shows you have entered or have records from before, and shows for your horses' divisions in states where you show.",
    all: "Every show added to the calendar.",
    none: "No notices of new shows.",
  },

  quietHours: "Quiet hours",
  quietHoursHint: (timeZone: string) =>
    `No push from 10 PM to 6 AM (${timeZone}), except class alerts. What arrives meanwhile is pushed at 6 AM.`,
  saving: "Saving…",
  saved: "Choices saved.",
  saveFailed: "Could not save your choices.",
  loadFailed: "Could not load your notification settings.",

  devicesHeading: "Devices that get notifications",
  noDevices: "No device gets notifications yet.",
  deviceLine: (label: string, added: string) => `${label} · added ${added}`,
  thisDeviceTag: "This phone",
  remove: "Remove",
  removeLabel: (deviceLine: string) => `Remove ${deviceLine}`,
  removeFailed: "Could not remove that device.",

  /** Lock-screen titles, by kind. */
  titles: {
    "class-alert": "Class alert",
    result: "Result",
    "show-update": "Show update",
    barn: "Barn",
    "new-show": "New show",
    "friend-request": "Friend request",
  } satisfies Record<PushKind, string>,
  /** A push the service worker cannot read still shows something (browsers require it). */
  defaultTitle: "Ringside",

  errors: {
    notHttps: "That push subscription is not valid: its address must start with https://.",
    privateEndpoint:
      "That push address is on a private network or on this server; notifications go only to public push services.",
    badEndpoint: "That push subscription is not valid: its address is not a URL.",
    badKey: "That push subscription is not valid: its p256dh key must be a P-256 public key (65 bytes).",
    badAuth: "That push subscription is not valid: its auth secret must be 16 bytes.",
    badTimeZone: "That is not a time zone we know (expected a name such as America/Chicago).",
    deviceNotFound: "That device is not on your list.",
    tooManyDevices: (max: number) =>
      `Notifications are on for ${max} devices already. Remove one under Notification settings first.`,
  },
} as const;
