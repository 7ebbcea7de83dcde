/** React Query keys for the viewer's entries, defined once: `entryKeys.all` invalidates all of them. */
export const entryKeys = {
  all: ["entries"] as const,
  show: (showId: string) => [...entryKeys.all, "show", showId] as const,
  cls: (showId: string, classId: string) => [...entryKeys.all, "class", showId, classId] as const,
  choices: () => [...entryKeys.all, "choices"] as const,
};
