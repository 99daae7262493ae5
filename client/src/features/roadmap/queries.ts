import { useQuery } from '@tanstack/react-query';
import type { StepDisplay } from '@machines/roadmap.machine';
import { api } from '../../api/http';
import { curatorsKey, roadmapStepsKey } from '../../api/query-keys';

export interface CuratorPerson {
  id: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
}

/** The customer's mortgage team: broker, assistant and lawyer. */
export interface Curators {
  broker?: CuratorPerson | null;
  assistant?: CuratorPerson | null;
  lawyer?: CuratorPerson | null;
  lawyer_status?: string;
}

/** The five steps as the server displays them; load errors of the roadmap are only logged. */
export function useRoadmapSteps(enabled = true) {
  return useQuery({
    queryKey: roadmapStepsKey,
    enabled,
    queryFn: async ({ signal }) => {
      try {
        return await api.core.get<StepDisplay[]>('/customers/me/steps/', undefined, signal);
      } catch (error) {
        if (!signal.aborted) console.error('Error while loading the roadmap', error);
        throw error;
      }
    },
  });
}

/** Shares the header's cache entry; load errors of the curators are only logged. */
export function useCurators(enabled = true) {
  return useQuery({
    queryKey: curatorsKey,
    enabled,
    queryFn: async ({ signal }): Promise<Curators> => {
      try {
        return await api.core.get<Curators>('/customers/curators/', undefined, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        console.error('Error while loading curators', error);
        return {};
      }
    },
  });
}
