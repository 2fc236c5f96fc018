import { type UpdateProfileBody, profileResponseSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/user';

/** PUT /user/profile {name, surname, email?, phone, avatar_color}. */
export const updateProfile = (body: UpdateProfileBody) => api.put('/user/profile', profileResponseSchema, body);

/** On success the local user is updated and the profile re-fetched (spec §4). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (response) => {
      if (response.payload) queryClient.setQueryData(userQueryKey, response.payload);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}
