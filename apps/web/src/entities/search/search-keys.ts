// The admin search's query keys: the search feature builds its queries with them, and the screens whose changes
// show in search results (users, controller owners) refresh them by this family, not by spelling the key.

/** The admin-search query-key family. */
export const searchKeys = {
  /** Root: every admin-search result list. */
  all: ['admin-search'] as const,
  /** GET /api/search/<kind>?… */
  results: <K extends string, Q extends object>(kind: K, query: Q) =>
    [...searchKeys.all, kind, query] as const,
};
