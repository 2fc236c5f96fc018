import { z } from 'zod';

/**
 * The optional OpenAI-compatible moderation endpoint (`POST /v1/moderations`), asked only when the offline
 * recogniser found nothing. A message counts as risk when any self-harm category is flagged. Every fault — no
 * answer within the timeout, a refused key, a malformed body — answers `null`: the caller keeps the offline
 * verdict and the send goes on.
 */
export interface ModerationEndpoint {
  url: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

const selfHarmCategories = ['self-harm', 'self-harm/intent', 'self-harm/instructions', 'self_harm', 'self_harm_intent', 'self_harm_instructions'];

const moderationAnswerSchema = z.object({
  results: z.array(z.object({ categories: z.record(z.string(), z.union([z.boolean(), z.null()])).optional() })).min(1),
});

/** The endpoint's moderations address: `/v1/moderations` after a bare base, `/moderations` after a `/v1` base. */
export function moderationsUrl(base: string): string {
  const trimmed = base.replace(/\/+$/, '');
  if (trimmed.endsWith('/moderations')) return trimmed;
  if (trimmed.endsWith('/v1')) return `${trimmed}/moderations`;
  return `${trimmed}/v1/moderations`;
}

/** True or false from the endpoint, or null when it could not tell in time. */
export async function askModerationEndpoint(endpoint: ModerationEndpoint, text: string): Promise<boolean | null> {
  try {
    const response = await fetch(moderationsUrl(endpoint.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
      },
      body: JSON.stringify({ input: text, ...(endpoint.model ? { model: endpoint.model } : {}) }),
      signal: AbortSignal.timeout(endpoint.timeoutMs),
      redirect: 'error',
    });
    if (!response.ok) return null;
    const parsed = moderationAnswerSchema.safeParse(await response.json());
    if (!parsed.success) return null;
    return parsed.data.results.some((result) => selfHarmCategories.some((category) => result.categories?.[category] === true));
  } catch {
    return null;
  }
}
