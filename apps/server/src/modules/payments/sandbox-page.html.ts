import { type TextKey, type TextParams } from '@parley/contracts/i18n';
import { type SandboxSessionRow } from './payments.table.js';

/** The page's language (issue 33: the card page spoke English to a German buyer): its code and its texts. */
export interface PageLanguage {
  code: string;
  t: (key: TextKey, params?: TextParams) => string;
}

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

function layout(lang: PageLanguage, title: string, body: string): string {
  return `<!doctype html><html lang="${escape(lang.code)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escape(title)}</title><style>${styles}</style></head><body><main>${body}</main></body></html>`;
}

const badge = (lang: PageLanguage) => `<span class="badge">${escape(lang.t('sandboxPage.badge'))}</span>`;

const header = (lang: PageLanguage, session: SandboxSessionRow) => `${badge(lang)}
<h1>Parley</h1><div class="muted">${escape(session.description)}</div><div class="amount" data-testid="amount">${formatAmount(session.amount_cents, session.currency)}</div>`;

export interface CardFormValues {
  card_number: string;
  expiry: string;
  cvc: string;
  holder: string;
}
/** Card errors as catalogue keys, written in the page's language. */
export type CardFormErrors = Partial<Record<keyof CardFormValues | 'card', TextKey>>;

function field(lang: PageLanguage, name: keyof CardFormValues, label: TextKey, values: Partial<CardFormValues>, errors: CardFormErrors, attrs: string) {
  const error = errors[name];
  return `<label for="${name}">${escape(lang.t(label))}</label><input id="${name}" name="${name}" value="${escape(values[name] ?? '')}" ${attrs}${error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''}>${error ? `<div class="error" id="${name}-error">${escape(lang.t(error))}</div>` : ''}`;
}

export function cardFormPage(lang: PageLanguage, session: SandboxSessionRow, values: Partial<CardFormValues> = {}, errors: CardFormErrors = {}): string {
  const action = `/sandbox-pay/${encodeURIComponent(session.id)}`;
  const amount = formatAmount(session.amount_cents, session.currency);
  return layout(
    lang,
    lang.t('sandboxPage.formTitle'),
    `${header(lang, session)}
${errors.card ? `<div class="alert" role="alert">${escape(lang.t(errors.card))}</div>` : ''}
<form method="post" action="${action}" novalidate>
${field(lang, 'card_number', 'sandboxPage.cardNumber', values, errors, 'inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" maxlength="23" required')}
<div class="row"><div>${field(lang, 'expiry', 'sandboxPage.expiry', values, errors, `autocomplete="cc-exp" placeholder="${escape(lang.t('sandboxPage.expiryPlaceholder'))}" maxlength="7" required`)}</div>
<div>${field(lang, 'cvc', 'sandboxPage.cvc', values, errors, 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required')}</div></div>
${field(lang, 'holder', 'sandboxPage.holder', values, errors, 'autocomplete="cc-name" maxlength="100" required')}
<button type="submit">${escape(lang.t('sandboxPage.pay', { amount }))}</button>
</form>
<form method="post" action="${`${action}/cancel`}"><button type="submit" class="secondary">${escape(lang.t('sandboxPage.cancel'))}</button></form>
<div class="cards"><strong>${escape(lang.t('sandboxPage.testCards'))}</strong> ${escape(lang.t('sandboxPage.testCardsHint'))}<br>
${(
  [
    ['sandboxPage.cardSucceeds', '4242 4242 4242 4242'],
    ['sandboxPage.cardDeclined', '4000 0000 0000 0002'],
    ['sandboxPage.cardThreeDs', '4000 0000 0000 3220'],
  ] as const
)
  .map(([key, card]) => escape(lang.t(key, { card: '%CARD%' })).replace('%CARD%', `<code>${card}</code>`))
  .join(' · ')}</div>`,
  );
}

export function threeDSecurePage(lang: PageLanguage, session: SandboxSessionRow): string {
  const action = `/sandbox-pay/${encodeURIComponent(session.id)}/3ds`;
  const amount = formatAmount(session.amount_cents, session.currency);
  return layout(
    lang,
    lang.t('sandboxPage.threeDsPageTitle'),
    `${header(lang, session)}
<h2>${escape(lang.t('sandboxPage.threeDsTitle'))}</h2>
<p class="muted">${escape(lang.t('sandboxPage.threeDsBody', { amount, last4: session.card_last4 ?? '' }))}</p>
<form method="post" action="${action}"><input type="hidden" name="action" value="complete"><button type="submit">${escape(lang.t('sandboxPage.threeDsComplete'))}</button></form>
<form method="post" action="${action}"><input type="hidden" name="action" value="fail"><button type="submit" class="secondary">${escape(lang.t('sandboxPage.threeDsFail'))}</button></form>`,
  );
}

const disputeTexts = { open: 'sandboxPage.disputeOpen', won: 'sandboxPage.disputeWon', lost: 'sandboxPage.disputeLost' } as const;

/** A paid session can be disputed from here, as a cardholder would with their bank; an open dispute can be closed won or lost. */
function disputeTools(lang: PageLanguage, session: SandboxSessionRow): string {
  const action = `/sandbox-pay/${encodeURIComponent(session.id)}/dispute`;
  const button = (value: string, label: TextKey, cls = '') =>
    `<form method="post" action="${action}"><input type="hidden" name="action" value="${value}"><button type="submit"${cls ? ` class="${cls}"` : ''}>${escape(lang.t(label))}</button></form>`;
  const status = session.dispute_status;
  if (status === null)
    return `<h2>${escape(lang.t('sandboxPage.disputeTitle'))}</h2><p class="muted">${escape(lang.t('sandboxPage.disputeBody'))}</p>${button('open', 'sandboxPage.disputeOpenAction')}`;
  const note = `<p class="alert" role="status" data-testid="dispute-status">${escape(lang.t(disputeTexts[status]))}</p>`;
  return status === 'open' ? `${note}${button('won', 'sandboxPage.disputeWonAction')}${button('lost', 'sandboxPage.disputeLostAction', 'secondary')}` : note;
}

export function closedPage(lang: PageLanguage, session: SandboxSessionRow | undefined, returnHref: string | undefined, expired = false): string {
  const text: TextKey = !session
    ? 'sandboxPage.sessionMissing'
    : session.status === 'succeeded'
      ? 'sandboxPage.sessionComplete'
      : expired
        ? 'sandboxPage.sessionExpired'
        : 'sandboxPage.sessionClosed';
  const tools = session?.status === 'succeeded' ? disputeTools(lang, session) : '';
  return layout(
    lang,
    lang.t('sandboxPage.resultPageTitle'),
    `${badge(lang)}<h1>${escape(lang.t(text))}</h1>${tools}${returnHref ? `<p><a href="${escape(returnHref)}">${escape(lang.t('sandboxPage.returnToParley'))}</a></p>` : ''}`,
  );
}
