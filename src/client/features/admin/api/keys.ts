/** React Query keys of the Admin Panel, defined once for fetching and invalidation. */
export const adminKeys = {
  all: ["admin"] as const,
  users: (q: string) => [...adminKeys.all, "users", q] as const,
  usersAll: () => [...adminKeys.all, "users"] as const,
  horses: (q: string) => [...adminKeys.all, "horses", q] as const,
  horsesAll: () => [...adminKeys.all, "horses"] as const,
};
