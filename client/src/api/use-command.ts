import { useMutation, useQueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import { ownChanges } from './own-changes';

export interface CommandOptions<TAnswer, TVariables> extends Omit<
  UseMutationOptions<TAnswer, Error, TVariables>,
  'mutationFn'
> {
  /** Sends the command with the request id the server writes on the events it causes. */
  send: (variables: TVariables, requestId: string) => Promise<TAnswer>;
  /**
   * The reads the answer holds, which `onSuccess` puts in the cache: the pushes of this change leave
   * them alone and refresh only the rest, so each read is fetched once per change.
   */
  answers?: (variables: TVariables) => QueryKey[];
}

/**
 * A command as a mutation. What else the change makes stale is refreshed by its pushes, through the
 * refresh table, like anyone else's change; nothing is invalidated here on success.
 */
export function useCommand<TAnswer, TVariables = void>({
  send,
  answers,
  onError,
  ...options
}: CommandOptions<TAnswer, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation<TAnswer, Error, TVariables>({
    ...options,
    mutationFn: (variables) =>
      ownChanges.send(answers?.(variables) ?? [], (requestId) => send(variables, requestId)),
    onError: (error, variables, ...rest) => {
      // A refusal may say the cached copy is stale (a conflict), and a lost answer may hide a change the
      // pushes were told to leave to it: the reads it would have held are read again.
      for (const queryKey of answers?.(variables) ?? []) void queryClient.invalidateQueries({ queryKey });
      return onError?.(error, variables, ...rest);
    },
  });
}
