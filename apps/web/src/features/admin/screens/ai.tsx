import { adminResponses, personaInputSchema, type Persona } from '@parley/contracts';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useAdminGet, useAdminWrite } from '../api/admin-query';
import { AdminPage } from '../components/admin-layout';
import { LlmConnectionSection } from '../components/llm-connection';
import { RecordForm, type FieldDef } from '../components/record-form';

/** The form's view of a persona: rooms as a comma-separated list of ids (empty: every room). */
const personaFormSchema = personaInputSchema.extend({
  model: z.string().trim().max(100),
  room_ids: z.string().regex(/^[\d,\s]*$/, 'Room ids separated by commas, or empty for every room'),
});
type PersonaForm = z.infer<typeof personaFormSchema>;

const personaFields: FieldDef[] = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'avatar_color', label: 'Avatar colour', type: 'text', hint: 'e.g. #7c3aed' },
  { name: 'model', label: 'Model', type: 'text', hint: 'Empty: the configured LLM_MODEL' },
  { name: 'temperature', label: 'Temperature', type: 'number', decimal: true },
  { name: 'max_tokens', label: 'Max reply length (tokens)', type: 'number' },
  { name: 'room_ids', label: 'Rooms (ids)', type: 'text', hint: 'Empty: every room and random AI chats' },
  { name: 'is_active', label: 'Active', type: 'checkbox' },
  {
    name: 'human_delay',
    label: 'Human-like reply delay',
    type: 'checkbox',
    hint: 'Off: starts writing at once. On: waits the companion reply delay of Settings first.',
  },
  {
    name: 'system_prompt',
    label: 'System prompt',
    type: 'textarea',
    hint: 'Who the companion is. Honesty about being an AI and the safety rules are always added.',
  },
];

const toForm = (p?: Persona): PersonaForm => ({
  name: p?.name ?? '',
  avatar_color: p?.avatar_color ?? '#7c3aed',
  system_prompt: p?.system_prompt ?? '',
  model: p?.model ?? '',
  temperature: p?.temperature ?? 0.8,
  max_tokens: p?.max_tokens ?? 400,
  room_ids: p?.room_ids?.join(', ') ?? '',
  is_active: p?.is_active ?? true,
  human_delay: p?.human_delay ?? false,
});

const fromForm = (values: PersonaForm) => {
  const rooms = values.room_ids
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
    .map(Number);
  return { ...values, model: values.model || null, room_ids: rooms.length > 0 ? rooms : null };
};

const ms = (value: number | null) => (value === null ? '—' : `${value} ms`);

/** The AI companion: provider health on this instance, token usage and cost, personas. */
export function AiScreen() {
  const health = useAdminGet('/ai/health', adminResponses.aiHealth);
  const usage = useAdminGet('/ai/usage', adminResponses.aiUsage, { days: 30 });
  const personas = useAdminGet('/personas', adminResponses.personas);
  const post = useAdminWrite('post', adminResponses.persona);
  const put = useAdminWrite('put', adminResponses.persona);
  const remove = useAdminWrite('delete', adminResponses.deleted);
  const [editing, setEditing] = useState<Persona | 'new' | null>(null);

  if (health.isLoading || usage.isLoading || personas.isLoading) return <PageSpinner />;
  const h = health.data;
  const u = usage.data;
  return (
    <AdminPage title="AI companion">
      {h && (
        <section className="admin-section" aria-label="Provider health">
          {h.demo && (
            <p className="alert alert--info" role="note">
              <strong>Demo companion.</strong> No model is configured: the offline demo companion answers AI chats. Connect one below (or set LLM_BASE_URL).
            </p>
          )}
          <div className="admin-cards">
            {[
              ['Provider', h.demo ? 'Offline demo' : `${h.provider}${h.model ? ` · ${h.model}` : ''}`],
              ['Circuit breaker', h.breaker],
              ['Replies (this instance)', String(h.requests)],
              ['Error rate', `${Math.round(h.error_rate * 1000) / 10} %`],
              ['Latency p50 / p95', `${ms(h.latency_p50_ms)} / ${ms(h.latency_p95_ms)}`],
              ['First text p50 / p95', `${ms(h.first_token_p50_ms)} / ${ms(h.first_token_p95_ms)}`],
            ].map(([label, value]) => (
              <div key={label} className={`admin-card${label === 'Circuit breaker' && value !== 'closed' ? ' admin-card--alert' : ''}`}>
                <div className="admin-card__label">{label}</div>
                <div className="admin-card__value">{value}</div>
              </div>
            ))}
          </div>
          {h.last_error && (
            <p className="muted">
              Last error ({h.last_error_at}): {h.last_error}
            </p>
          )}
        </section>
      )}

      <LlmConnectionSection />

      {u && (
        <section className="admin-section" aria-label="Token usage">
          <h2>Token usage</h2>
          <p>
            This month: <strong>{u.month_tokens.toLocaleString('en')}</strong> tokens
            {u.monthly_budget > 0 ? ` of a ${u.monthly_budget.toLocaleString('en')} budget` : ' (no monthly budget set)'}
          </p>
          <div className="admin-usage">
            {(
              [
                ['By day', u.by_day],
                ['By persona', u.by_persona],
                ['By topic', u.by_topic],
              ] as const
            ).map(([title, rows]) => (
              <table key={title} className="data-table">
                <caption>{title} (30 days)</caption>
                <thead>
                  <tr>
                    <th scope="col">{title.replace('By ', '')}</th>
                    <th scope="col">Replies</th>
                    <th scope="col">Tokens</th>
                    <th scope="col">Est. cost</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.length === 0 ? (
                    <tr>
                      <td colSpan={4}>No replies yet</td>
                    </tr>
                  ) : (
                    rows.map((row) => (
                      <tr key={row.key}>
                        <td>{row.key}</td>
                        <td>{row.replies}</td>
                        <td>{row.tokens.toLocaleString('en')}</td>
                        <td>{row.cost.toFixed(2)} €</td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            ))}
          </div>
        </section>
      )}

      <section className="admin-section" aria-label="Personas">
        <h2>Personas</h2>
        <p className="muted">A new AI chat takes the persona of its room, else one serving every room, else the built-in companion.</p>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Model</th>
              <th scope="col">Rooms</th>
              <th scope="col">Active</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(personas.data ?? []).map((p) => (
              <tr key={p.id}>
                <td>
                  <span className="persona-dot" style={{ background: p.avatar_color }} aria-hidden="true" /> {p.name}
                </td>
                <td>{p.model ?? 'default'}</td>
                <td>{p.room_ids?.join(', ') ?? 'all'}</td>
                <td>{p.is_active ? 'yes' : 'no'}</td>
                <td>
                  <Button size="sm" variant="secondary" onClick={() => setEditing(p)}>
                    Edit
                  </Button>{' '}
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() =>
                      void remove
                        .mutateAsync({ path: `/personas/${p.id}` })
                        .then(() => toast.success('Deleted'))
                        .catch((error: unknown) => toast.error(errorMessage(error)))
                    }
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {editing === null ? (
          <Button onClick={() => setEditing('new')}>New persona</Button>
        ) : (
          <RecordForm
            key={editing === 'new' ? 'new' : editing.id}
            fields={personaFields}
            schema={personaFormSchema}
            defaultValues={toForm(editing === 'new' ? undefined : editing)}
            onCancel={() => setEditing(null)}
            onSubmit={async (values) => {
              const body = fromForm(values as PersonaForm);
              if (editing === 'new') await post.mutateAsync({ path: '/personas', body });
              else await put.mutateAsync({ path: `/personas/${editing.id}`, body });
              toast.success('Saved');
              setEditing(null);
            }}
          />
        )}
      </section>
    </AdminPage>
  );
}
