import { type DeleteAccountBody, emptyResponseSchema } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /user/delete {password, code?} (issue 15). */
export const deleteAccount = (body: DeleteAccountBody) => api.post('/user/delete', emptyResponseSchema, body);

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });

/** GET /user/export: a ZIP the browser downloads (the session cookie goes with a plain link). */
export const exportHref = '/api/user/export';
