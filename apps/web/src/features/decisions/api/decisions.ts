import { complaintFiledResponseSchema, decisionStatementResponseSchema, decisionStatementsResponseSchema, type ComplaintSummary } from '@parley/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Account → My decisions (issue 36 §2): GET /user/decisions. */
export const decisionsKey = ['user', 'decisions'] as const;

export const decisionsQuery = () =>
  queryOptions({
    queryKey: decisionsKey,
    queryFn: async () => (await api.get('/user/decisions', decisionStatementsResponseSchema)).payload.statements,
  });

export const useDecisions = () => useQuery(decisionsQuery());

/** The statement a contest link opens (GET /decisions/contest/{token}), signed in or not. */
export const contestStatementQuery = (token: string) =>
  queryOptions({
    queryKey: ['decisions', 'contest', token],
    queryFn: async () => (await api.get(`/decisions/contest/${encodeURIComponent(token)}`, decisionStatementResponseSchema)).payload,
    retry: false,
  });

export const useContestStatement = (token: string) => useQuery(contestStatementQuery(token));

export interface ComplaintInput {
  text: string;
  file: File | null;
}

/** The text first, then the optional file: the server checks the text before it reads a file byte. */
function complaintBody({ text, file }: ComplaintInput): FormData | { text: string } {
  if (!file) return { text };
  const form = new FormData();
  form.append('text', text);
  form.append('attachments[]', file, file.name);
  return form;
}

/**
 * POST /user/decisions/{id}/complaint, or through a contest link POST /decisions/contest/{token}/complaint.
 * Afterwards the list shows the complaint.
 */
export function useFileComplaint(target: { statementId: number } | { token: string }) {
  const queryClient = useQueryClient();
  const path = 'token' in target ? `/decisions/contest/${encodeURIComponent(target.token)}/complaint` : `/user/decisions/${target.statementId}/complaint`;
  return useMutation({
    mutationFn: async (input: ComplaintInput): Promise<ComplaintSummary> => (await api.post(path, complaintFiledResponseSchema, complaintBody(input))).payload,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['decisions'] }).then(() => queryClient.invalidateQueries({ queryKey: decisionsKey })),
  });
}
