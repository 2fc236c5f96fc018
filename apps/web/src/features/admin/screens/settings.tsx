import { adminResponses, settingsSchema, type Settings } from '@parley/contracts';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useAdminGet, useAdminWrite } from '../api/admin-query';
import { AdminPage } from '../components/admin-layout';
import { type FieldDef, RecordForm } from '../components/record-form';

/** Every field of spec §3 Settings. */
const fields: FieldDef[] = [
  { name: 'requisites.0', label: 'Company name', type: 'text' },
  { name: 'requisites.1', label: 'Registry code', type: 'text' },
  { name: 'requisites.2', label: 'Legal address', type: 'text' },
  { name: 'copyright', label: 'Copyright', type: 'text' },
  { name: 'support_email', label: 'Support email', type: 'text' },
  { name: 'support_phone', label: 'Support phone', type: 'text' },
  { name: 'is_reg_enabled', label: 'Registration enabled', type: 'checkbox' },
  { name: 'min_top_up_amount', label: 'Minimum top-up (EUR)', type: 'number' },
  { name: 'vat_percent', label: 'VAT %', type: 'number', decimal: true },
  { name: 'points_convertion_rate', label: 'Coins per EUR', type: 'number' },
  { name: 'initial_points', label: 'Sign-up coins', type: 'number' },
  { name: 'new_topic_cost', label: 'New topic cost', type: 'number' },
  { name: 'message_symbol_cost', label: 'Cost per character', type: 'number' },
  { name: 'image_attachment_cost', label: 'Image attachment cost', type: 'number' },
  { name: 'document_attachment_cost', label: 'Document attachment cost', type: 'number' },
  { name: 'audio_attachment_cost', label: 'Audio attachment cost', type: 'number' },
  { name: 'video_attachment_cost', label: 'Video attachment cost', type: 'number' },
  { name: 'channel_status_cost', label: 'Channel status cost', type: 'number' },
  { name: 'channel_status_duration', label: 'Channel status duration (weeks)', type: 'number' },
  { name: 'max_channel_topics', label: 'Max topics for channel users', type: 'number' },
  {
    name: 'bot_reply_delay_enabled',
    label: 'Built-in companion waits a human-like delay',
    type: 'checkbox',
    hint: 'Off (default): it starts writing at once. Personas have their own switch.',
  },
  { name: 'bot_reply_interval_min', label: 'Companion reply delay min (s)', type: 'number', decimal: true },
  { name: 'bot_reply_interval_max', label: 'Companion reply delay max (s)', type: 'number', decimal: true },
  { name: 'bot_conversation_history_limit', label: 'Companion context (messages)', type: 'number' },
  { name: 'contributor_share_percent', label: 'Contributor share %', type: 'number' },
  { name: 'rating_top_threshold', label: "'Top rated' badge from this average (1–5)", type: 'number', decimal: true },
  { name: 'rating_top_min_count', label: "'Top rated' badge needs at least this many ratings", type: 'number', hint: 'At least 5' },
  { name: 'tip_presets.0', label: 'Tip preset 1 (coins)', type: 'number' },
  { name: 'tip_presets.1', label: 'Tip preset 2 (coins)', type: 'number' },
  { name: 'tip_presets.2', label: 'Tip preset 3 (coins)', type: 'number' },
  { name: 'payout_min_amount', label: 'Minimum payout (EUR)', type: 'number', decimal: true },
  { name: 'payout_max_amount', label: 'Maximum payout (EUR, 0 = none)', type: 'number', decimal: true },
  { name: 'companion_name', label: 'Companion name', type: 'text' },
  {
    name: 'oncall_idle_minutes',
    label: 'Interlocutors on call: idle minutes before Available lapses',
    type: 'number',
    hint: 'Closing the app lapses it too, after a short grace',
  },
  {
    name: 'mask_contact_details',
    label: 'Mask contact details (emails, phone numbers, links, handles) in chats, titles, names and applications',
    type: 'checkbox',
  },
  { name: 'retention_notifications_days', label: 'Keep notifications (days)', type: 'number', hint: '0 keeps them forever' },
  { name: 'retention_audit_log_days', label: 'Keep audit log (days)', type: 'number', hint: '0 keeps it forever' },
  { name: 'retention_payment_events_days', label: 'Keep payment events (days)', type: 'number', hint: 'At least 7; 0 keeps them forever' },
  { name: 'retention_held_messages_days', label: 'Keep decided held messages (days)', type: 'number', hint: 'From the decision; 0 keeps them forever' },
  { name: 'retention_done_jobs_days', label: 'Keep finished jobs (days)', type: 'number', hint: '0 keeps them forever' },
  { name: 'retention_dead_jobs_days', label: 'Keep dead jobs (days)', type: 'number', hint: '0 keeps them forever' },
  {
    name: 'retention_deleted_account_files_days',
    label: "Keep deleted accounts' files (days)",
    type: 'number',
    hint: 'Attachments, from the deletion; 0 keeps them forever',
  },
  { name: 'tag_script', label: 'Tag script (injected into every page)', type: 'textarea' },
];

/** A setting added to the contracts later still gets a field, typed from its current value. */
function withUnlisted(settings: Settings): FieldDef[] {
  const listed = new Set(fields.map((f) => f.name.split('.')[0]));
  const extra = Object.entries(settings)
    .filter(([key]) => !listed.has(key))
    .map(([key, value]): FieldDef => ({
      name: key,
      label: key,
      type: typeof value === 'boolean' ? 'checkbox' : typeof value === 'number' ? 'number' : 'text',
      decimal: true,
    }));
  const script = fields[fields.length - 1]!;
  return [...fields.slice(0, -1), ...extra, script];
}

export function SettingsScreen() {
  const { data, isLoading, error } = useAdminGet('/settings', adminResponses.settings);
  const write = useAdminWrite('put', adminResponses.settings);
  if (isLoading) return <PageSpinner />;
  if (error || !data) return <p className="alert alert--error">{errorMessage(error)}</p>;
  return (
    <AdminPage title="Settings">
      <div className="admin-panel">
        <RecordForm
          schema={settingsSchema}
          defaultValues={data}
          fields={withUnlisted(data)}
          submitLabel="Save settings"
          onSubmit={async (values) => {
            await write.mutateAsync({ path: '/settings', body: values });
            toast.success('Settings saved');
          }}
        />
      </div>
    </AdminPage>
  );
}
