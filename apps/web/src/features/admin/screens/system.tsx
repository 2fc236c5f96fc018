import { adminResponses, type DeadJob, type DependencyState, type SystemStatus } from '@parley/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useAdminGet, useAdminWrite, type Page } from '../api/admin-query';
import { AdminPage } from '../components/admin-layout';
import { ConfirmButton } from '../components/confirm-button';

const dependencyLabels: Record<DependencyState['name'], string> = {
  database: 'Database',
  redis: 'Redis',
  storage: 'File storage',
  smtp: 'Mail (SMTP)',
  llm: 'AI provider',
  payments: 'Payment gateway',
};
const stateLabels: Record<DependencyState['state'], string> = { up: 'up', down: 'down', not_configured: 'not configured' };
const stateBadge: Record<DependencyState['state'], string> = { up: 'admin-badge--success', down: 'admin-badge--danger', not_configured: '' };

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

/** '42 s', '3 min', '5 h', '2 days': how long ago, or how long something has waited. */
export function duration(seconds: number) {
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  if (seconds < 36 * 3600) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86400)} days`;
}
const ago = (iso: string, now: string) => `${duration(Math.max(0, (Date.parse(now) - Date.parse(iso)) / 1000))} ago`;

/** Operations at a glance: what runs, what it depends on, the job queue and the last backup. */
export function SystemScreen() {
  const system = useAdminGet('/system', adminResponses.system);
  const dead = useAdminGet('/system/dead-jobs', adminResponses.deadJobs, { per_page: 50 });
  if (system.isLoading) return <PageSpinner />;
  if (system.error || !system.data) return <p className="alert alert--error">{errorMessage(system.error)}</p>;
  const s = system.data;
  return (
    <AdminPage
      title="System"
      actions={
        <Button variant="secondary" size="sm" loading={system.isFetching} onClick={() => void Promise.all([system.refetch(), dead.refetch()])}>
          Refresh
        </Button>
      }
    >
      <section className="admin-panel" aria-label="Version">
        <h2>Version</h2>
        <dl className="admin-kv">
          <dt>Parley</dt>
          <dd>{s.version}</dd>
          <dt>Commit</dt>
          <dd>{s.commit ?? 'not recorded (set BUILD_COMMIT)'}</dd>
          <dt>Node.js</dt>
          <dd>{s.node}</dd>
          <dt>Environment</dt>
          <dd>{s.environment}</dd>
          <dt>Database</dt>
          <dd>{s.database_kind === 'postgres' ? 'PostgreSQL' : 'SQLite'}</dd>
        </dl>
      </section>

      <Dependencies dependencies={s.dependencies} />
      <Instances status={s} />
      <JobQueue status={s} dead={dead.data} />
      <Backup status={s} />
    </AdminPage>
  );
}

function Dependencies({ dependencies }: { dependencies: DependencyState[] }) {
  return (
    <section className="admin-panel" aria-label="Dependencies">
      <h2>Dependencies</h2>
      <p className="muted">Checked by the instance that answered, at most every 10 s, each within 3 s. The AI provider shows its last known state.</p>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Dependency</th>
              <th scope="col">State</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {dependencies.map((d) => (
              <tr key={d.name}>
                <td>{dependencyLabels[d.name]}</td>
                <td>
                  <span className={`admin-badge ${stateBadge[d.state]}`}>{stateLabels[d.state]}</span>
                </td>
                <td className="admin-system__detail">{d.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Instances({ status }: { status: SystemStatus }) {
  return (
    <section className="admin-panel" aria-label="Instances">
      <h2>Instances</h2>
      <p className="muted">Each instance reports itself every 15 s; listed here when seen in the last 2 minutes.</p>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Host</th>
              <th scope="col">PID</th>
              <th scope="col">Version</th>
              <th scope="col">Started</th>
              <th scope="col">Last seen</th>
            </tr>
          </thead>
          <tbody>
            {status.instances.map((i) => (
              <tr key={i.id}>
                <td>
                  {i.hostname} {i.is_current && <span className="admin-badge">this one</span>}
                </td>
                <td>{i.pid}</td>
                <td>{i.version}</td>
                <td>{dateTime(i.started_at)}</td>
                <td>{ago(i.last_seen, status.generated_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function JobQueue({ status, dead }: { status: SystemStatus; dead?: Page<DeadJob> }) {
  const post = useAdminWrite('post', adminResponses.jobDecided);
  const j = status.jobs;
  const act = (job: DeadJob, action: 'retry' | 'discard') =>
    post
      .mutateAsync({ path: `/system/jobs/${job.id}/${action}` })
      .then(() => toast.success(action === 'retry' ? `Job ${job.id} queued again` : `Job ${job.id} discarded`))
      .catch((error: unknown) => toast.error(errorMessage(error)));
  const cards = [
    { label: 'Due', value: String(j.due) },
    { label: 'Oldest due waiting', value: j.due > 0 ? duration(j.oldest_due_age_s) : '—', alert: j.oldest_due_age_s > 300 },
    { label: 'Running', value: String(j.running) },
    { label: 'Scheduled', value: String(j.scheduled) },
    { label: 'Dead', value: String(j.dead), alert: j.dead > 0 },
  ];
  return (
    <section className="admin-panel" aria-label="Job queue">
      <h2>Job queue</h2>
      <div className="admin-cards">
        {cards.map((c) => (
          <div key={c.label} className={`admin-card${c.alert ? ' admin-card--alert' : ''}`}>
            <div className="admin-card__label">{c.label}</div>
            <div className="admin-card__value">{c.value}</div>
          </div>
        ))}
      </div>
      <h3>Dead jobs</h3>
      {!dead || dead.items.length === 0 ? (
        <p className="muted">No dead jobs.</p>
      ) : (
        <>
          <p className="muted">
            Failed on every attempt. Retry runs one again with fresh attempts; discard deletes it. Both are written to the audit log.
            {dead.meta.total > dead.items.length && ` Showing the latest ${dead.items.length} of ${dead.meta.total}.`}
          </p>
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">Id</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Last error</th>
                  <th scope="col">Failed</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {dead.items.map((job) => (
                  <tr key={job.id}>
                    <td>{job.id}</td>
                    <td>
                      <code>{job.kind}</code>
                    </td>
                    <td>{job.attempts}</td>
                    <td className="admin-system__detail">{job.last_error ?? '—'}</td>
                    <td>{job.finished_at ? ago(job.finished_at, status.generated_at) : '—'}</td>
                    <td className="admin-actions">
                      <Button size="sm" variant="secondary" onClick={() => void act(job, 'retry')}>
                        Retry
                      </Button>{' '}
                      <ConfirmButton label="Discard" title={`Discard job ${job.id}?`} onConfirm={() => act(job, 'discard')}>
                        <p>The {job.kind} job is deleted and will not run again. Its kind, attempts and last error stay in the audit log.</p>
                      </ConfirmButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function Backup({ status }: { status: SystemStatus }) {
  const put = useAdminWrite('put', adminResponses.backup);
  const [note, setNote] = useState('');
  const last = status.last_backup;
  const ageDays = last ? (Date.parse(status.generated_at) - Date.parse(last.at)) / 86_400_000 : null;
  return (
    <section className="admin-panel" aria-label="Backups">
      <h2>Last backup</h2>
      {last ? (
        <p className={ageDays !== null && ageDays > 1.5 ? 'alert alert--error' : undefined}>
          <strong>{dateTime(last.at)}</strong> ({ago(last.at, status.generated_at)}), recorded by {last.recorded_by}
          {last.note && `: ${last.note}`}
        </p>
      ) : (
        <p className="alert alert--error">No backup recorded yet.</p>
      )}
      <p className="muted">
        Parley does not take backups itself. Record one after it succeeded: <code>npm run backup:mark -- &quot;note&quot;</code> at the end of the backup
        script, or here.
      </p>
      <form
        className="admin-system__backup"
        onSubmit={(event) => {
          event.preventDefault();
          void put
            .mutateAsync({ path: '/system/backup', body: note.trim() ? { note: note.trim() } : {} })
            .then(() => {
              setNote('');
              toast.success('Backup recorded');
            })
            .catch((error: unknown) => toast.error(errorMessage(error)));
        }}
      >
        <label className="sr-only" htmlFor="backup-note">
          Note
        </label>
        <input
          id="backup-note"
          className="input"
          placeholder="Note (optional), e.g. pg_dump + bucket sync"
          maxLength={200}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <Button type="submit" loading={put.isPending}>
          A backup finished now
        </Button>
      </form>
    </section>
  );
}
