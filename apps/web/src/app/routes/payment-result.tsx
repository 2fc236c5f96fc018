/** Payment result screens — owned by the payments issue, which replaces this module. */
export function SuccessPaymentRoute() {
  return (
    <div className="container page">
      <h1>Payment successful</h1>
    </div>
  );
}

export function FailPaymentRoute() {
  return (
    <div className="container page">
      <h1>Payment failed</h1>
    </div>
  );
}

/** /pending-payment and /processing-payment share this screen. */
export function ProcessingPaymentRoute() {
  return (
    <div className="container page">
      <h1>Processing payment</h1>
    </div>
  );
}
