function (doc) {
  // Confirmed money per [currency, wallet, date]: group_level=1 sums a currency, 2 a wallet, 3 a
  // wallet's day (its balance over time; the start balance is dated ''). Keep in step with
  // movements() in src/domain/modules/moneta/balances.ts (a test runs both over the same records).
  var n = function (v) { return typeof v === 'number' && v % 1 === 0 ? v : 0; };
  var date = doc.klass !== 'Wallet' && typeof doc.date === 'string' ? doc.date : '';
  var out = function (wallet, currency, amount) {
    if (typeof wallet === 'string' && typeof currency === 'string') emit([currency, wallet, date], amount);
  };
  if (doc.klass === 'Wallet') return out(doc._id, doc.currency, n(doc.start_balance));
  if (doc.imported === true || doc.confirmed !== true) return;
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
