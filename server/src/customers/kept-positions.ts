import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';

/** A client's place in the list's order (newest first, then by id): its creation time as PostgreSQL writes it. */
export interface ListPosition {
  createdAt: string;
  id: string;
}

/** Where a page of a list may start reading: a client known to be at `offset`, and how many to step over. */
export interface Anchor {
  offset: number;
  position: ListPosition;
  changes: string;
}

interface KeptList {
  /** `customer_search_changes` when the positions were found; they hold while the count has not moved. */
  changes: string;
  /** Offsets of the list and the client found there, the first and last of each page served. */
  at: Map<number, ListPosition>;
}

/** Pages a list's anchor may be before the page asked for: beyond, the page is read as a fresh one. */
const MAX_STEP = 1_000;
/** Positions kept per list (the one found longest ago leaving first) and lists kept per process. */
const POSITIONS_PER_LIST = 200;
const KEPT_LISTS = 1_000;

/**
 * Where the pages of each list (its filters and the caller's visibility) were found: the client at each
 * page's first and last offset. A page far into the list is then read from the client found at or just
 * before its offset, through the list's index, instead of stepping over every client before it (40,000
 * index entries for the page at offset 40,000): the next page after one just read, or a deep page read
 * again, costs what the first page costs. The offsets hold only while no client was created, deleted or
 * re-filed under another status, broker or deal type, which is what `customer_search_changes` counts; the
 * statement that reads a page from a kept position reads that count too, and a page read where it has moved
 * is read again as a fresh one.
 */
@Injectable()
export class KeptPositions {
  private readonly lists = new LRUCache<string, KeptList>({ max: KEPT_LISTS });

  /** The kept position nearest before or at `offset`, if one is close enough to be worth reading from. */
  nearest(key: string, offset: number): Anchor | undefined {
    const list = this.lists.get(key);
    if (!list) return undefined;
    let best: number | undefined;
    for (const at of list.at.keys())
      if (at <= offset && offset - at <= MAX_STEP && (best === undefined || at > best)) best = at;
    return best === undefined
      ? undefined
      : { offset: best, position: list.at.get(best)!, changes: list.changes };
  }

  /** Keeps where a page's first and last clients were found, as of `changes`. */
  keep(key: string, changes: string, offset: number, rows: readonly ListPosition[]): void {
    if (rows.length === 0) return;
    let list = this.lists.get(key);
    if (!list || list.changes !== changes) {
      list = { changes, at: new Map() };
      this.lists.set(key, list);
    }
    for (const [at, position] of [
      [offset, rows[0]],
      [offset + rows.length - 1, rows[rows.length - 1]],
    ] as const) {
      list.at.delete(at);
      list.at.set(at, position);
    }
    while (list.at.size > POSITIONS_PER_LIST) list.at.delete(list.at.keys().next().value!);
  }

  /** The list's positions no longer hold: the count of changes has moved since they were found. */
  forget(key: string): void {
    this.lists.delete(key);
  }
}
