import { useMutation } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';

export const resendConfirmationLink = (email: string) => api.post<Envelope<null>>('/resendConfirmationLink', { email });

export const useResendConfirmationLink = () => useMutation({ mutationFn: resendConfirmationLink });
