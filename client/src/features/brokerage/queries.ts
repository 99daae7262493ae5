import { useQuery, useQueryClient } from '@tanstack/react-query';
import { brokerageKey } from '../../api/query-keys';
import { useCommand } from '../../api/use-command';
import { type BrokerageSettingsView, changeBrokerageSettings, getBrokerageSettings } from './api';

export function useBrokerageSettings() {
  return useQuery({ queryKey: brokerageKey, queryFn: ({ signal }) => getBrokerageSettings(signal) });
}

export function useChangeBrokerageSettings() {
  const queryClient = useQueryClient();
  return useCommand<BrokerageSettingsView, Partial<BrokerageSettingsView>>({
    send: (changes, requestId) => changeBrokerageSettings(changes, requestId),
    answers: () => [brokerageKey],
    onSuccess: (settings) => queryClient.setQueryData(brokerageKey, settings),
  });
}
