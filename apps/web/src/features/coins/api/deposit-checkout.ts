import { type Deposit, depositCheckoutResponseSchema } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface DepositCheckoutInput {
  name: string;
  surname: string;
  phone: string;
  email: string;
  country: string;
  city: string;
  address: string;
  postCode: string;
  accept_terms: boolean;
  amount?: number;
  bundle_id?: number;
}

export interface DepositCheckoutResult {
  redirectUrl: string | null;
  deposit: Deposit;
}

/** POST /deposit/checkout → the pending deposit and the gateway's redirect URL. */
export async function depositCheckout(input: DepositCheckoutInput): Promise<DepositCheckoutResult> {
  const response = await api.post('/deposit/checkout', depositCheckoutResponseSchema, input);
  const url = response.payload.redirect_url;
  return { redirectUrl: url || null, deposit: response.payload.deposit };
}

export const useDepositCheckout = () => useMutation({ mutationFn: depositCheckout });
