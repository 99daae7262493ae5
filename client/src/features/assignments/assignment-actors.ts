import { useActorRef, useSelector } from '@xstate/react';
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import {
  appraiserAssignmentMachine,
  appraiserSnapshotAt,
  type AppraiserStatus,
} from '@machines/appraiser-assignment.machine';
import {
  lawyerAssignmentMachine,
  lawyerSnapshotAt,
  type LawyerStatus,
} from '@machines/lawyer-assignment.machine';
import { getInspect } from '../../app/inspect';

/**
 * An assignment machine restored at the status the server answered. It says which controls a role
 * may use (`snapshot.can`), and takes the event once the server accepted it (seen in the inspector).
 * The component that calls this is keyed by the status, so a new status starts a fresh actor.
 */
function useRestoredActor<Machine extends AnyStateMachine>(
  machine: Machine,
  restored: SnapshotFrom<Machine>,
) {
  const actorRef = useActorRef(machine, { snapshot: restored, inspect: getInspect() });
  const snapshot = useSelector(actorRef, (s) => s);
  return [snapshot, actorRef.send] as const;
}

export function useLawyerAssignmentActor(status: LawyerStatus) {
  return useRestoredActor(lawyerAssignmentMachine, lawyerSnapshotAt(status));
}

export function useAppraiserAssignmentActor(status: AppraiserStatus) {
  return useRestoredActor(appraiserAssignmentMachine, appraiserSnapshotAt(status));
}
