import { useT } from '../../lib/i18n';

/** Card marks drawn for Parley (Visa-like wordmark, Mastercard-like circles), not official artwork. */
export function PaymentLogos() {
  const t = useT();
  return (
    <ul className="payment-logos" aria-label={t('appUi.acceptedPayments')}>
      <li title="Visa">
        <svg viewBox="0 0 64 40" width="52" height="32" role="img" aria-label="Visa">
          <rect width="64" height="40" rx="6" fill="#fff" />
          <path
            d="M26.5 27h-3.6l2.3-14h3.6zm13.1-13.6a9 9 0 0 0-3.2-.6c-3.6 0-6.1 1.9-6.1 4.6 0 2 1.8 3.1 3.2 3.8 1.4.7 1.9 1.1 1.9 1.7 0 .9-1.1 1.4-2.2 1.4-1.5 0-2.3-.2-3.5-.8l-.5-.2-.5 3.1c.9.4 2.5.7 4.1.7 3.8 0 6.3-1.9 6.3-4.8 0-1.6-1-2.8-3.1-3.8-1.3-.6-2.1-1.1-2.1-1.7 0-.6.7-1.2 2.1-1.2 1.2 0 2.1.2 2.8.5l.3.2zm9.3-.4h-2.8c-.9 0-1.5.3-1.9 1.1L38.8 27h3.8l.8-2.1h4.6l.4 2.1H52zm-4.5 9 1.4-3.9.8 3.9zM21.9 13l-3.5 9.5-.4-1.9c-.7-2.2-2.7-4.6-5-5.8l3.2 12.2h3.8L25.7 13z"
            fill="#1a1f71"
          />
          <path d="M15.1 13H9.3l-.1.3c4.5 1.2 7.5 3.9 8.8 7.2L16.7 14c-.2-.9-.8-1-1.6-1z" fill="#f7a600" />
        </svg>
      </li>
      <li title="Mastercard">
        <svg viewBox="0 0 64 40" width="52" height="32" role="img" aria-label="Mastercard">
          <rect width="64" height="40" rx="6" fill="#fff" />
          <circle cx="26" cy="20" r="10" fill="#eb001b" />
          <circle cx="38" cy="20" r="10" fill="#f79e1b" />
          <path d="M32 12a10 10 0 0 1 0 16 10 10 0 0 1 0-16z" fill="#ff5f00" />
        </svg>
      </li>
    </ul>
  );
}
