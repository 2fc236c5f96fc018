import { adminCrisisConfigResponseSchema, crisisConfigInputSchema, type CrisisConfig } from '@parley/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Checkbox, PasswordField, TextField } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useAdminGet, useAdminWrite } from '../api/admin-query';
import { AdminPage } from '../components/admin-layout';

/**
 * Crisis care (issue 36 §1): the helplines per country (JSON, validated by the contract's schema), the default
 * country for accounts without one, and the optional OpenAI-compatible moderation endpoint. The crisis page
 * itself is a static page (slug `crisis`) under Static pages.
 */
export function CrisisCareScreen() {
  const { data, isLoading, error } = useAdminGet('/crisis', adminCrisisConfigResponseSchema);
  if (isLoading) return <PageSpinner />;
  if (error || !data) return <p className="alert alert--error">{errorMessage(error)}</p>;
  return (
    <AdminPage title="Crisis care">
      <CrisisForm config={data} />
    </AdminPage>
  );
}

function CrisisForm({ config }: { config: CrisisConfig }) {
  const write = useAdminWrite('put', adminCrisisConfigResponseSchema);
  const [enabled, setEnabled] = useState(config.moderation_enabled);
  const [url, setUrl] = useState(config.moderation_url);
  const [model, setModel] = useState(config.moderation_model);
  const [timeout, setTimeoutMs] = useState(String(config.moderation_timeout_ms));
  const [key, setKey] = useState('');
  const [country, setCountry] = useState(config.default_country);
  const [shipped, setShipped] = useState(!config.helplines_customised);
  const [helplines, setHelplines] = useState(JSON.stringify(config.helplines, null, 2));
  const [problem, setProblem] = useState<string | null>(null);

  const save = async () => {
    let directory: unknown = null;
    if (!shipped) {
      try {
        directory = JSON.parse(helplines);
      } catch {
        setProblem('The helplines are not valid JSON.');
        return;
      }
    }
    const body = {
      moderation_enabled: enabled,
      moderation_url: url.trim(),
      moderation_model: model.trim(),
      moderation_timeout_ms: Number(timeout),
      ...(key ? { moderation_key: key } : {}),
      default_country: country.trim().toUpperCase(),
      helplines: directory,
    };
    const parsed = crisisConfigInputSchema.safeParse(body);
    if (!parsed.success) {
      setProblem(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
      return;
    }
    setProblem(null);
    try {
      await write.mutateAsync({ path: '/crisis', body: parsed.data });
      setKey('');
      toast.success('Crisis care saved');
    } catch (e) {
      setProblem(errorMessage(e));
    }
  };

  return (
    <div className="admin-panel">
      <h2>Helplines</h2>
      <TextField
        label="Default country"
        hint="Two letters (DE, AT, CH, US, GB, …) or INT: for accounts without a country, or a country without lines."
        value={country}
        onChange={(event) => setCountry(event.target.value)}
      />
      <Checkbox
        label="Use the shipped helplines (DE, AT, CH, US, GB and international)"
        checked={shipped}
        onChange={(event) => setShipped(event.target.checked)}
      />
      {!shipped && (
        <Textarea
          label="Helplines per country (JSON: country code → lines with name, phone, text, url, languages, notes per language; INT is required)"
          limit={100_000}
          rows={18}
          value={helplines}
          onChange={(event) => setHelplines(event.target.value)}
        />
      )}
      <h2>Moderation endpoint (optional)</h2>
      <p className="admin-muted">
        An OpenAI-compatible <code>/v1/moderations</code> endpoint, asked only when the built-in recogniser finds nothing. If it is slow or down, messages are
        judged offline and sent as usual.
      </p>
      <Checkbox label="Ask the moderation endpoint too" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
      <TextField label="Endpoint URL" hint="e.g. https://api.openai.com" value={url} onChange={(event) => setUrl(event.target.value)} />
      <TextField label="Model" hint="Empty: the endpoint's default" value={model} onChange={(event) => setModel(event.target.value)} />
      <TextField label="Timeout (ms)" type="number" value={timeout} onChange={(event) => setTimeoutMs(event.target.value)} />
      <PasswordField
        label="API key"
        hint={config.moderation_key_set ? `A key ending in ${config.moderation_key_last4 ?? '…'} is stored. Leave empty to keep it.` : 'No key stored.'}
        value={key}
        onChange={(event) => setKey(event.target.value)}
      />
      {problem && <p className="alert alert--error">{problem}</p>}
      <Button onClick={() => void save()} loading={write.isPending}>
        Save crisis care
      </Button>
    </div>
  );
}
