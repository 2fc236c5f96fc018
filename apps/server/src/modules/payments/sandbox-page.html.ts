import { type SandboxSessionRow } from './payments.table.js';

/**
 * Server-rendered pages of the sandbox's hosted checkout. No scripts at all (CSP script-src 'self').
 * Dark when the system is dark (issue 34 §4): the page has no script to read the app's saved choice.
 */
const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const symbols: Record<string, string> = { EUR: '€', USD: '$', GBP: '£' };
/** The session's amount in its own currency, two decimals. */
export const formatAmount = (cents: number, currency = 'EUR') => `${symbols[currency] ?? `${currency} `}${(cents / 100).toFixed(2)}`;
export const formatEuros = (cents: number) => formatAmount(cents, 'EUR');

const styles = `
  *{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f3f4f8;color:#1f2333}
  main{max-width:440px;margin:48px auto;padding:32px;background:#fff;border-radius:14px;box-shadow:0 8px 30px rgba(30,30,60,.1)}
  .badge{display:inline-block;font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;background:#fff3cd;color:#7a5b00;border-radius:6px;padding:3px 8px}
  h1{font-size:20px;margin:14px 0 4px}.amount{font-size:30px;font-weight:700;margin:6px 0 20px}.muted{color:#667;font-size:14px}
  label{display:block;font-size:14px;font-weight:600;margin:14px 0 6px}
  input{width:100%;padding:11px 12px;font-size:16px;border:1px solid #c9ccd8;border-radius:8px}input[aria-invalid=true]{border-color:#d33}
  .row{display:flex;gap:12px}.row>div{flex:1}.error{color:#c22;font-size:13px;margin-top:4px}
  .alert{background:#fdecec;color:#a11;border-radius:8px;padding:10px 12px;margin:12px 0;font-size:14px}
  button{width:100%;margin-top:22px;padding:13px;font-size:16px;font-weight:600;border:0;border-radius:8px;background:#5b3df5;color:#fff;cursor:pointer}
  button.secondary{background:#eceef5;color:#1f2333;margin-top:10px}
  .cards{margin-top:24px;font-size:13px;color:#556;background:#f6f7fb;border-radius:8px;padding:10px 14px}.cards code{font-size:13px}
  :root{color-scheme:light dark}
  @media (prefers-color-scheme:dark){
    body{background:#110e1f;color:#ecebf5}main{background:#1c1930;box-shadow:0 8px 30px rgba(0,0,0,.5)}
    .badge{background:#33270a;color:#f5cd77}.muted{color:#a29fb8}
    input{background:#242039;color:#ecebf5;border-color:#4a4566}input[aria-invalid=true]{border-color:#ff7a86}
    .error{color:#ff7a86}.alert{background:#3a1820;color:#ffa3ab}
    button.secondary{background:#2e2950;color:#ecebf5}.cards{background:#242039;color:#c3c0d6}
  }
`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escape(title)}</title><style>${styles}</style></head><body><main>${body}</main></body></html>`;
}

const header = (session: SandboxSessionRow) => `<span class="badge">Sandbox · test mode</span>
<h1>Parley</h1><div class="muted">${escape(session.description)}</div><div class="amount" data-testid="amount">${formatAmount(session.amount_cents, session.currency)}</div>`;

export interface CardFormValues {
  card_number: string;
  expiry: string;
  cvc: string;
  holder: string;
}
export type CardFormErrors = Partial<Record<keyof CardFormValues | 'card', string>>;

function field(name: keyof CardFormValues, label: string, values: Partial<CardFormValues>, errors: CardFormErrors, attrs: string) {
  const error = errors[name];
  return `<label for="${name}">${label}</label><input id="${name}" name="${name}" value="${escape(values[name] ?? '')}" ${attrs}${error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''}>${error ? `<div class="error" id="${name}-error">${escape(error)}</div>` : ''}`;
}

export function cardFormPage(session: SandboxSessionRow, values: Partial<CardFormValues> = {}, errors: CardFormErrors = {}): string {
  const action = `/sandbox-pay/${encodeURIComponent(session.id)}`;
  return layout(
    'Pay with card — Parley sandbox',
    `${header(session)}
${errors.card ? `<div class="alert" role="alert">${escape(errors.card)}</div>` : ''}
<form method="post" action="${action}" novalidate>
${field('card_number', 'Card number', values, errors, 'inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" maxlength="23" required')}
<div class="row"><div>${field('expiry', 'Expiry (MM / YY)', values, errors, 'autocomplete="cc-exp" placeholder="MM / YY" maxlength="7" required')}</div>
<div>${field('cvc', 'CVC', values, errors, 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required')}</div></div>
${field('holder', 'Cardholder name', values, errors, 'autocomplete="cc-name" maxlength="100" required')}
<button type="submit">Pay ${formatAmount(session.amount_cents, session.currency)}</button>
</form>
<form method="post" action="${action}/cancel"><button type="submit" class="secondary">Cancel payment</button></form>
<div class="cards"><strong>Test cards</strong> (any future expiry, any CVC):<br>
<code>4242 4242 4242 4242</code> succeeds · <code>4000 0000 0000 0002</code> is declined · <code>4000 0000 0000 3220</code> asks for 3-D Secure</div>`,
  );
}

export function threeDSecurePage(session: SandboxSessionRow): string {
  const action = `/sandbox-pay/${encodeURIComponent(session.id)}/3ds`;
  return layout(
    '3-D Secure — Parley sandbox',
    `${header(session)}
<h2>3-D Secure authentication</h2>
<p class="muted">Your bank asks you to confirm this payment of ${formatAmount(session.amount_cents, session.currency)} with the card ending in ${escape(session.card_last4 ?? '')}.</p>
<form method="post" action="${action}"><input type="hidden" name="action" value="complete"><button type="submit">Complete authentication</button></form>
<form method="post" action="${action}"><input type="hidden" name="action" value="fail"><button type="submit" class="secondary">Fail authentication</button></form>`,
  );
}

const disputeTexts = {
  open: 'A test dispute is open: the bank is reviewing this payment.',
  won: "The test dispute was closed in the merchant's favour.",
  lost: "The test dispute was closed in the cardholder's favour: the money went back to the card.",
};

/** A paid session can be disputed from here, as a cardholder would with their bank; an open dispute can be closed won or lost. */
function disputeTools(session: SandboxSessionRow): string {
  const action = `/sandbox-pay/${encodeURIComponent(session.id)}/dispute`;
  const button = (value: string, label: string, cls = '') =>
    `<form method="post" action="${action}"><input type="hidden" name="action" value="${value}"><button type="submit"${cls ? ` class="${cls}"` : ''}>${label}</button></form>`;
  const status = session.dispute_status;
  if (status === null)
    return `<h2>Test a dispute</h2><p class="muted">Act as the cardholder's bank and open a chargeback on this payment.</p>${button('open', 'Open a dispute')}`;
  const note = `<p class="alert" role="status" data-testid="dispute-status">${disputeTexts[status]}</p>`;
  return status === 'open' ? `${note}${button('won', 'Close dispute: merchant wins')}${button('lost', 'Close dispute: cardholder wins', 'secondary')}` : note;
}

export function closedPage(session: SandboxSessionRow | undefined, returnHref: string | undefined, expired = false): string {
  const text = !session
    ? 'This payment session does not exist.'
    : session.status === 'succeeded'
      ? 'This payment is complete.'
      : expired
        ? 'This payment session has expired.'
        : 'This payment session is closed.';
  const tools = session?.status === 'succeeded' ? disputeTools(session) : '';
  return layout(
    'Payment — Parley sandbox',
    `<span class="badge">Sandbox · test mode</span><h1>${text}</h1>${tools}${returnHref ? `<p><a href="${escape(returnHref)}">Return to Parley</a></p>` : ''}`,
  );
}
