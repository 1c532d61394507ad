-- What refunds hold of a bill is read by the bill (the payer's Payment section and receipt, the officer's view of
-- a case: REFUND_SUMS in server/payments/bills.ts); without an index each read scanned every refund.
CREATE INDEX refunds_bill_idx ON refunds (bill_id);
