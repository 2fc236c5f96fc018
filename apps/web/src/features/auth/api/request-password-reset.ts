import { useMutation } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';

export const requestPasswordReset = (email: string) => api.post<Envelope<null>>('/user/request-password-reset', { email });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
