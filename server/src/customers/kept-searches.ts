import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';

/** What a search found, as of a count of the search rows' changes. */
export interface KeptSearch {
  /** `customer_search_changes` when it was found; the results hold while the count has not moved. */
  changes: string;
  /** How many clients it matched. */
  total: number;
  /** The first matches, newest first: the pages a kept search can answer. */
  ids: string[];
}

/** Matches kept per search: the first ten pages of ten, as far as anyone pages through a search. */
export const KEPT_MATCHES = 100;
/** Searches kept per process, the one used longest ago leaving first: about 4 KB each. */
const KEPT_SEARCHES = 1_000;

/**
 * A search's results, kept by what was searched and within what (the caller's visibility, the filters),
 * so that its next pages, and the same search again, read their ten clients instead of matching and
 * counting every client again. A search for a common name matches thousands and costs PostgreSQL 2-3 ms
 * however small its page; a page of clients read by id costs about a tenth of that. The statement that
 * reads a kept page also reads the count of changes to the search rows, which the clients' projection
 * moves in the transaction of every change, so kept results are used only if no client was created,
 * deleted or re-filed since, by this instance or another; otherwise the search runs again.
 */
@Injectable()
export class KeptSearches {
  private readonly kept = new LRUCache<string, KeptSearch>({ max: KEPT_SEARCHES });

  get(key: string): KeptSearch | undefined {
    return this.kept.get(key);
  }

  keep(key: string, search: KeptSearch): void {
    this.kept.set(key, search);
  }
}
