function (doc) {
  // Unconfirmed (pending) money per [currency, wallet], as by-currency counts the confirmed. Keep in step
  // with movements() in src/domain/modules/moneta/balances.ts (a test runs both over the same records).
  var n = function (v) { return typeof v === 'number' && v % 1 === 0 ? v : 0; };
  var out = function (wallet, currency, amount) {
    if (typeof wallet === 'string' && typeof currency === 'string') emit([currency, wallet], amount);
  };
  if (doc.klass === 'Wallet') return;
  if (doc.imported === true || doc.confirmed === true) return;
  if (doc.klass === 'Income') out(doc.wallet_id, doc.currency, n(doc.value));
  else if (doc.klass === 'Outgo') out(doc.wallet_id, doc.currency, -n(doc.value));
  else if (doc.klass === 'Transfer') {
    out(doc.source_wallet_id, doc.currency, -n(doc.value) - n(doc.fee));
    out(doc.destination_wallet_id, doc.currency, n(doc.value));
  } else if (doc.klass === 'Exchange') {
    var atDestination = doc.fee_kind === 'destination';
    out(doc.source_wallet_id, doc.source_currency, -n(doc.value_out) - (atDestination ? 0 : n(doc.fee)));
    out(doc.destination_wallet_id, doc.destination_currency, n(doc.value_in) - (atDestination ? n(doc.fee) : 0));
  }
}
