import { useMutation } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';

/** Confirms the address with the id and token of the mailed link. */
export const verifyEmail = (body: { id: number; token: string }) => api.post<Envelope<null>>('/email/verify', body);

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
