import type { AnyActor, AnyActorRef, InspectionEvent, Observer } from 'xstate';

/**
 * Development only: opening any page with `?inspect` connects every actor to the Stately inspector, which
 * opens in a pop-up window (allow pop-ups for the page). Actors created with `{ inspect: getInspect() }`
 * in their options join from their creation; every other actor joins when it starts, so no machine is
 * left out.
 */
let inspect: Observer<InspectionEvent> | undefined;

export async function setupInspector(): Promise<void> {
  if (!import.meta.env.DEV) return;
  if (!new URLSearchParams(window.location.search).has('inspect')) return;
  // Loaded here, not with the page: the shell does not carry XState for visitors who never sign in.
  const [{ createBrowserInspector }, { Actor }] = await Promise.all([
    import('@statelyai/inspect'),
    import('xstate'),
  ]);
  const inspector = createBrowserInspector();
  /** The actor systems the inspector hears from already. */
  const heard = new WeakSet<object>();
  inspect = {
    next: (event) => {
      heard.add((event.actorRef as AnyActorRef).system);
      inspector.inspect.next?.(event);
    },
  };
  const observer = inspect;
  const start = Actor.prototype.start;
  Actor.prototype.start = function (this: AnyActor) {
    if (!this._parent && !heard.has(this.system)) {
      heard.add(this.system);
      this.system.inspect(observer);
      inspector.actor(this, this.getSnapshot());
    }
    return start.call(this);
  };
}

export function getInspect() {
  return inspect;
}
