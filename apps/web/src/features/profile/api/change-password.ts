import { type ChangePasswordBody, emptyResponseSchema } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /user/change-password {current_password, password, password_confirmation}. */
export const changePassword = (body: ChangePasswordBody) => api.post('/user/change-password', emptyResponseSchema, body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
