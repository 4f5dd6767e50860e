// The paged lists' shapes (GET …?q&page&pageSize answering {items,total,page,pageSize}), shared by the entities
// whose lists are paged (users, locations, controllers of a company).

/** Rows per page of the paged lists. */
export const PAGE_SIZE = 25;

/** A page of a list. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A list filter: text and page. */
export interface ListFilter {
  q: string;
  page: number;
}

/** The query string of a paged list: empty text is left out. */
export function listQuery(filter: ListFilter, pageSize: number) {
  return { q: filter.q.trim() || undefined, page: filter.page, pageSize };
}
