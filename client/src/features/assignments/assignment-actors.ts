import { useActorRef, useSelector } from '@xstate/react';
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
 * The assignment machines restored at the status the server answered. They say which controls a role
 * may use (`snapshot.can`), and take the event once the server accepted it (seen in the inspector).
 * The component that calls these is keyed by the status, so a new status starts a fresh actor.
 */
export function useLawyerAssignmentActor(status: LawyerStatus) {
  const actorRef = useActorRef(lawyerAssignmentMachine, {
    snapshot: lawyerSnapshotAt(status),
    inspect: getInspect(),
  });
  const snapshot = useSelector(actorRef, (s) => s);
  return [snapshot, actorRef.send] as const;
}

export function useAppraiserAssignmentActor(status: AppraiserStatus) {
  const actorRef = useActorRef(appraiserAssignmentMachine, {
    snapshot: appraiserSnapshotAt(status),
    inspect: getInspect(),
  });
  const snapshot = useSelector(actorRef, (s) => s);
  return [snapshot, actorRef.send] as const;
}
