/** React Query keys of the Admin Panel, defined once for fetching and invalidation. */
export const adminKeys = {
  all: ["admin"] as const,
  users: (q: string, sort = "name") => [...adminKeys.all, "users", q, sort] as const,
  usersAll: () => [...adminKeys.all, "users"] as const,
  horses: (q: string, sort = "name") => [...adminKeys.all, "horses", q, sort] as const,
  horsesAll: () => [...adminKeys.all, "horses"] as const,
};
