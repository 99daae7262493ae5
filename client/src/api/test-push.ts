import type { DomainEventPush } from '@machines/domain-event-push';

/** A push for the specs: a change of client c-1 that nobody here caused, unless told otherwise. */
export function testPush(type: string, changes: Partial<DomainEventPush> = {}): DomainEventPush {
  return {
    position: 1,
    type,
    stream_type: 'form_file',
    stream_id: 'f-1',
    customer_id: 'c-1',
    created: '2026-01-01T00:00:00.000Z',
    request_id: null,
    ...changes,
  };
}
