import { Injectable } from '@nestjs/common';
import { EventProcessorRunner } from '../event-store/event-processor.js';

/** The processor that pushes events to sockets. */
export const REALTIME_PROCESSOR = 'realtime';

/**
 * How far this instance has pushed the log. Every event after `position()` is still to be pushed, so a
 * socket that has joined its rooms hears all of them; and a read answered now reflects at least the log
 * up to it. A page compares the two to learn which events it may have neither read nor heard.
 */
@Injectable()
export class RealtimeHorizon {
  private begun = 0;

  constructor(private readonly runner: EventProcessorRunner) {}

  /** The processor starts pushing this event (to the sockets in its rooms at that moment). */
  begin(position: number): void {
    if (position > this.begun) this.begun = position;
  }

  position(): number {
    return Math.max(this.begun, this.runner.positionOf(REALTIME_PROCESSOR));
  }
}
