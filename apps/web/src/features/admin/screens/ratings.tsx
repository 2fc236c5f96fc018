import { adminRatingsResponseSchema } from '@parley/contracts';
import { useState } from 'react';
import { PageSpinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { useAdminGet } from '../api/admin-query';
import { AdminPage } from '../components/admin-layout';

/** Ratings per pairing with who rated whom (issue 35 §3): moderators only; the people rated see averages. */
export function RatingsScreen() {
  const [topic, setTopic] = useState('');
  const topicId = /^\d+$/.test(topic) ? topic : undefined;
  const { data, isLoading, error } = useAdminGet('/ratings', adminRatingsResponseSchema, topicId ? { topic_id: topicId } : undefined);
  return (
    <AdminPage
      title="Ratings"
      actions={
        <label className="admin-filter">
          Topic ID <input className="input" inputMode="numeric" value={topic} onChange={(event) => setTopic(event.target.value.trim())} />
        </label>
      }
    >
      {isLoading ? (
        <PageSpinner />
      ) : error ? (
        <p role="alert">Ratings could not be loaded.</p>
      ) : (
        <table className="admin-table">
          <caption className="sr-only">Ratings</caption>
          <thead>
            <tr>
              <th scope="col">Topic</th>
              <th scope="col">Pairing</th>
              <th scope="col">Rated by</th>
              <th scope="col">Rated</th>
              <th scope="col">Stars</th>
              <th scope="col">Text</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            {(data?.ratings ?? []).map((r) => (
              <tr key={r.id}>
                <td>#{r.topic_id}</td>
                <td>#{r.pairing_id}</td>
                <td>
                  {r.rater.name} <span className="admin-muted">{r.rater.email}</span>
                </td>
                <td>
                  {r.rated.name} <span className="admin-muted">{r.rated.email}</span>
                </td>
                <td>{'★'.repeat(r.stars)}</td>
                <td>{r.text ?? '—'}</td>
                <td>{formatDate(r.created_at)}</td>
              </tr>
            ))}
            {data?.ratings.length === 0 && (
              <tr>
                <td colSpan={7} className="admin-muted">
                  No ratings
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}
    </AdminPage>
  );
}
