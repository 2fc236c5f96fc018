import { emptyResponseSchema } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const resendConfirmationLink = (email: string) => api.post('/resendConfirmationLink', emptyResponseSchema, { email });

export const useResendConfirmationLink = () => useMutation({ mutationFn: resendConfirmationLink });
