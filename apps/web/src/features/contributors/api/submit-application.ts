import { type ContributorApplicationBody, applicationSubmittedResponseSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { applicationStatusKey } from './get-application-status';

/** POST /become-contributor {nickname, email, experience, interests, help_description} → status, application. */
export const submitApplication = (body: ContributorApplicationBody) => api.post('/become-contributor', applicationSubmittedResponseSchema, body);

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitApplication,
    onSuccess: (response) => {
      if (response.payload?.application) queryClient.setQueryData(applicationStatusKey, response.payload.application);
    },
  });
}
