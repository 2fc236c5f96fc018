import { type PasswordResetBody } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';

/** POST /user/password-reset {token, email, password, password_confirmation}. */
export const resetPassword = (body: PasswordResetBody) => api.post<Envelope<null>>('/user/password-reset', body);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
