/**
 * The schedule editor's words (the admin's sessions of a show). Apart from the show-day texts, which the
 * show detail's first load carries for the live ring bar: these are only needed once the editor opens.
 */
export const scheduleEditorTexts = {
  title: (show: string) => `Sessions of ${show}`,
  open: "Sessions",
  openLabel: (show: string) => `Sessions of ${show}`,
  hint: "Each class runs in one session, in the show's class order. Times are on the show's clock.",
  cancel: "Cancel",
  classesOf: (name: string) => `Classes of ${name}`,
  noClassesHere: "No classes in this session yet.",
  unscheduledTitle: "Classes in no session",
  everyClassScheduled: "Every class is in a session.",
  sessionNumber: (n: number) => `Session ${n}`,
  loadFailed: "Could not load the show.",
  loading: "Loading the show…",
  sessions: "Sessions",
  addSession: "Add session",
  sessionName: "Session name",
  sessionDate: "Date",
  sessionTime: "Start time",
  sessionRing: "Ring",
  removeSession: (name: string) => `Remove session ${name}`,
  noSession: "No session",
  /** Moving classes (issue 34): tick several, choose a session once. */
  moveTitle: "Move selected classes",
  moveHint: "Tick the classes to move, choose a session, then move them together.",
  moveTo: "Move to",
  moveButton: (n: number) => (n === 0 ? "Move classes" : `Move ${n} ${n === 1 ? "class" : "classes"}`),
  moved: (n: number, to: string) => `Moved ${n} ${n === 1 ? "class" : "classes"} to ${to}.`,
  selectAll: (where: string) => `Select every class in ${where}`,
  overlap: "Overlaps another session in this ring",
  timeZone: "Time zone",
  minutesPerClass: "Minutes per class",
  saveSchedule: "Save schedule",
  scheduleSaved: "Schedule saved.",
  untitled: "Session",
  /** From 1024 px the sessions are a list with the chosen one's form beside it (ADR 048). */
  sessionCount: (n: number) => (n === 1 ? "1 class" : `${n} classes`),
  noSessionsYet: "No sessions yet. Add one.",
} as const;
