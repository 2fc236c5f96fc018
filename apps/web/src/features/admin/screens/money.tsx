import { adminResponses, formatMoney, type PaidPayment } from '@parley/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useAdminGet, useAdminWrite } from '../api/admin-query';
import { AdminPage } from '../components/admin-layout';

type Source = 'deposit' | 'order';

const money = (cents: number, currency: string) => formatMoney(cents, `${currency} `);
const newRequestId = () => `refund_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`;

/** Paid top-ups and skin orders, newest first, each with a Refund action. */
export function PaymentsScreen() {
  const [source, setSource] = useState<Source>('deposit');
  const [refunding, setRefunding] = useState<PaidPayment | null>(null);
  const { data, isLoading, error } = useAdminGet('/payments', adminResponses.payments, { source, per_page: 50 });
  return (
    <AdminPage title="Payments">
      <section className="admin-table">
        <div className="admin-table__toolbar">
          <SelectField label="Kind" value={source} onChange={(e) => setSource(e.target.value as Source)}>
            <option value="deposit">Coin top-ups</option>
            <option value="order">Skin orders</option>
          </SelectField>
        </div>
        {isLoading && <PageSpinner />}
        {error && <p className="alert alert--error">{errorMessage(error)}</p>}
        <table>
          <caption className="visually-hidden">Paid payments</caption>
          <thead>
            <tr>
              <th>ID</th>
              <th>Buyer</th>
              <th>Item</th>
              <th>Paid</th>
              <th>Refunded</th>
              <th>Status</th>
              <th>Date</th>
              <th>Actions</th>
            </tr>
          </thead>
          <tbody>
            {(data ?? []).map((p) => (
              <tr key={`${p.source}:${p.id}`} data-testid={`payment-${p.source}-${p.id}`}>
                <td>{p.id}</td>
                <td>{p.user_email}</td>
                <td>{p.description}</td>
                <td>{money(p.charged.total_cents, p.charged.currency)}</td>
                <td>{p.charged.refunded_cents > 0 ? money(p.charged.refunded_cents, p.charged.currency) : '—'}</td>
                <td>
                  <span className={`admin-badge${p.status === 'success' ? ' admin-badge--success' : ' admin-badge--danger'}`}>{p.status}</span>
                </td>
                <td>{p.paid_at?.slice(0, 16).replace('T', ' ') ?? '—'}</td>
                <td>
                  {p.status !== 'disputed' && p.charged.refunded_cents < p.charged.total_cents && (
                    <Button size="sm" variant="secondary" onClick={() => setRefunding(p)}>
                      Refund
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {refunding && <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />}
    </AdminPage>
  );
}

/** What is left to refund (for a top-up: the coins the user still has of it), then the refund with a reason. */
function RefundDialog({ payment, onClose }: { payment: PaidPayment; onClose: () => void }) {
  const path = `/refunds/${payment.source}/${payment.id}`;
  const { data: quote } = useAdminGet(path, adminResponses.refundQuote);
  const write = useAdminWrite('post', adminResponses.refundDone);
  const [requestId] = useState(newRequestId);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const isDeposit = payment.source === 'deposit';

  const submit = async () => {
    const value = amount.trim();
    const body = isDeposit
      ? { coins: value ? Number(value) : undefined, reason, request_id: requestId }
      : { amount_cents: value ? Math.round(Number(value) * 100) : undefined, reason, request_id: requestId };
    try {
      await write.mutateAsync({ path, body });
      toast.success('Refunded');
      onClose();
    } catch (e) {
      setErrors((e as { errors?: Record<string, string[]> }).errors ?? {});
      toast.error(errorMessage(e));
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`Refund ${isDeposit ? 'top-up' : 'order'} ${payment.id}`}
      footer={
        <Button onClick={() => void submit()} disabled={write.isPending || !quote || quote.refundable_cents === 0}>
          Refund
        </Button>
      }
    >
      {!quote ? (
        <PageSpinner />
      ) : (
        <>
          <p data-testid="refund-quote">
            Paid {money(quote.total_cents, quote.currency)}, refunded so far {money(quote.refunded_cents, quote.currency)}.{' '}
            {isDeposit
              ? `The user still has ${quote.refundable_coins} of the ${quote.coins} coins bought (worth ${money(quote.refundable_cents, quote.currency)}): at most that can be refunded.`
              : `Left to refund: ${money(quote.refundable_cents, quote.currency)}. A full refund takes the skin back.`}
          </p>
          <TextField
            label={isDeposit ? `Coins to take back (empty: all ${quote.refundable_coins})` : `Amount in ${quote.currency} (empty: all)`}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={(errors.coins ?? errors.amount_cents)?.[0]}
          />
          <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} error={errors.reason?.[0]} />
        </>
      )}
    </Modal>
  );
}

/** Card disputes: open ones first; the disputed coins are on hold until the bank decides. */
export function DisputesScreen() {
  const [status, setStatus] = useState('open');
  const { data, isLoading, error } = useAdminGet('/disputes', adminResponses.disputes, status ? { status } : undefined);
  return (
    <AdminPage title="Disputes">
      <section className="admin-table">
        <div className="admin-table__toolbar">
          <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="open">open</option>
            <option value="won">won</option>
            <option value="lost">lost</option>
            <option value="">Any status</option>
          </SelectField>
        </div>
        {isLoading && <PageSpinner />}
        {error && <p className="alert alert--error">{errorMessage(error)}</p>}
        <table>
          <caption className="visually-hidden">Disputes</caption>
          <thead>
            <tr>
              <th>ID</th>
              <th>Payment</th>
              <th>User</th>
              <th>Amount</th>
              <th>Coins held</th>
              <th>Reason</th>
              <th>Status</th>
              <th>Opened</th>
            </tr>
          </thead>
          <tbody>
            {(data ?? []).map((d) => (
              <tr key={d.id} data-testid={`dispute-${d.id}`}>
                <td>{d.id}</td>
                <td>
                  {d.source === 'deposit' ? 'Top-up' : 'Order'} {d.source_id}
                </td>
                <td>{d.user_email}</td>
                <td>{(d.amount_cents / 100).toFixed(2)}</td>
                <td>{d.coins_held}</td>
                <td>{d.reason ?? '—'}</td>
                <td>
                  <span className={`admin-badge${d.status === 'won' ? ' admin-badge--success' : d.status === 'lost' ? ' admin-badge--danger' : ''}`}>
                    {d.status}
                  </span>
                </td>
                <td>{d.created_at.slice(0, 16).replace('T', ' ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {data?.length === 0 && <p className="admin-empty">No disputes.</p>}
      </section>
    </AdminPage>
  );
}
