import { type PasswordResetBody, emptyResponseSchema } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /user/password-reset {token, email, password, password_confirmation}. */
export const resetPassword = (body: PasswordResetBody) => api.post('/user/password-reset', emptyResponseSchema, body);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
