import { type ContributorApplication, applicationStatusEnvelopeSchema } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';

export const applicationStatusKey = ['contributor', 'application-status'] as const;

/** GET /become-contributor/status: the latest application, or null (has_application false, or a 404: spec §4). */
export async function getApplicationStatus(): Promise<ContributorApplication | null> {
  try {
    const response = await api.get('/become-contributor/status', applicationStatusEnvelopeSchema);
    return response.payload.application;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const applicationStatusQuery = queryOptions({ queryKey: applicationStatusKey, queryFn: getApplicationStatus, staleTime: 30_000 });

export const useApplicationStatus = (enabled = true) => useQuery({ ...applicationStatusQuery, enabled });
