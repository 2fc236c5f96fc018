import { emptyResponseSchema } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const requestPasswordReset = (email: string) => api.post('/user/request-password-reset', emptyResponseSchema, { email });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
