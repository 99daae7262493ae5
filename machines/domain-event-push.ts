/**
 * What the server pushes over Socket.IO after an event is committed to the log: enough to know what
 * changed, never the event's data (which may hold hashes or staff-only notes). The client refetches
 * through HTTP, where authorisation applies.
 */
export interface DomainEventPush {
  position: number;
  type: string;
  stream_type: string;
  stream_id: string;
  customer_id: string | null;
  created: string;
  /**
   * The request that caused the event (the X-Request-Id the caller sent, or the one the server gave
   * it); null for what the product did by itself. A browser that sent the request knows the change is
   * its own and has its answer already.
   */
  request_id: string | null;
}

/**
 * The header of every answer to a signed-in caller: how far the server had pushed the log when it read
 * the answer. A page that reads before its live connection joins asks to hear again what lies between.
 */
export const LOG_POSITION_HEADER = 'X-Log-Position';
