import { type ChangePasswordBody } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';

/** POST /user/change-password {current_password, password, password_confirmation}. */
export const changePassword = (body: ChangePasswordBody) => api.post<Envelope<null>>('/user/change-password', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
