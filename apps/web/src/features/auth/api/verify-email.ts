import { emptyResponseSchema } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Confirms the address with the id and token of the mailed link. */
export const verifyEmail = (body: { id: number; token: string }) => api.post('/email/verify', emptyResponseSchema, body);

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
