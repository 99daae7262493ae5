import { useQuery } from '@tanstack/react-query';
import { pipelineKeys } from '../../api/query-keys';
import { getPipeline } from './api';

export function usePipeline(broker: string) {
  return useQuery({
    queryKey: pipelineKeys.figures(broker),
    queryFn: ({ signal }) => getPipeline(broker, signal),
    placeholderData: (previous) => previous,
  });
}
