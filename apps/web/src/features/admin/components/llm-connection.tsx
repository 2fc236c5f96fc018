import { adminResponses, type LlmConnection, type LlmTestResult } from '@parley/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { api, errorMessage } from '../../../lib/api-client';
import { useAdminGet, useAdminWrite } from '../api/admin-query';

const sourceLabel: Record<LlmConnection['source'], string> = {
  database: 'Connected here (stored sealed in the database)',
  environment: 'From the environment (LLM_BASE_URL)',
  offline: 'None: the offline demo companion answers',
};

/**
 * The LLM the companion talks to: endpoint, model and key, stored sealed and in use at once on
 * every instance. The key is never shown again, only whether one is set and its last four characters.
 */
export function LlmConnectionSection() {
  const connection = useAdminGet('/ai/connection', adminResponses.llmConnection);
  const put = useAdminWrite('put', adminResponses.llmConnection);
  const remove = useAdminWrite('delete', adminResponses.llmConnection);
  const [draft, setDraft] = useState<{ base_url: string; model: string; api_key: string } | null>(null);
  const [result, setResult] = useState<LlmTestResult | null>(null);
  const [testing, setTesting] = useState(false);
  const c = connection.data;
  if (!c) return null;
  const values = draft ?? { base_url: c.base_url ?? '', model: c.model ?? '', api_key: '' };
  // An empty key field keeps the stored key.
  const body = () => ({ base_url: values.base_url.trim(), model: values.model.trim(), ...(values.api_key ? { api_key: values.api_key } : {}) });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await put.mutateAsync({ path: '/ai/connection', body: body() });
      toast.success('Saved: the companion uses this connection now');
      setDraft(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const test = async () => {
    setTesting(true);
    setResult(null);
    try {
      const partial = Object.fromEntries(Object.entries(body()).filter(([, value]) => value !== ''));
      setResult((await api.post('/admin/ai/connection/test', adminResponses.llmTest, partial, { withDefaults: false })).payload);
    } catch (error) {
      setResult({ ok: false, model: null, reply: null, error: errorMessage(error), latency_ms: 0 });
    } finally {
      setTesting(false);
    }
  };
  const field = (name: 'base_url' | 'model' | 'api_key', label: string, type: string, hint?: string) => (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        className="input"
        type={type}
        name={name}
        autoComplete="off"
        value={values[name]}
        placeholder={hint}
        onChange={(e) => setDraft({ ...values, [name]: e.target.value })}
      />
    </label>
  );

  return (
    <section className="admin-section" aria-label="LLM connection">
      <h2>LLM connection</h2>
      <p>
        Source: <strong>{sourceLabel[c.source]}</strong>
        {c.key_set ? ` · key set …${c.key_last4 ?? ''}` : ' · no key'}
      </p>
      <form className="admin-panel admin-form" onSubmit={(e) => void save(e)} aria-label="LLM connection">
        <div className="admin-form__grid">
          {field('base_url', 'Endpoint URL', 'url', 'https://api.openai.com/v1')}
          {field('model', 'Model', 'text', 'gpt-4o-mini')}
          {field('api_key', 'API key', 'password', c.key_set ? `Key set …${c.key_last4 ?? ''}: leave empty to keep` : 'Empty for endpoints without a key')}
        </div>
        <div className="admin-form__actions">
          <Button type="submit" disabled={put.isPending}>
            Use this connection
          </Button>{' '}
          <Button type="button" variant="secondary" disabled={testing} onClick={() => void test()}>
            {testing ? 'Testing…' : 'Test connection'}
          </Button>{' '}
          {c.source === 'database' && (
            <Button
              type="button"
              variant="ghost"
              onClick={() =>
                void remove
                  .mutateAsync({ path: '/ai/connection' })
                  .then(() => {
                    setDraft(null);
                    toast.success(c.environment_configured ? 'Removed: the environment’s LLM answers again' : 'Removed: the offline companion answers again');
                  })
                  .catch((error: unknown) => toast.error(errorMessage(error)))
              }
            >
              Remove connection
            </Button>
          )}
        </div>
        <div role="status" aria-live="polite">
          {result &&
            (result.ok ? (
              <p className="alert alert--success">
                <strong>OK</strong> — {result.model} answered “{result.reply}” in {result.latency_ms} ms.
              </p>
            ) : (
              <p className="alert alert--error">
                <strong>Failed:</strong> {result.error}
              </p>
            ))}
        </div>
      </form>
    </section>
  );
}
