-- Payment of Court Deposits bills by PayNow alone since its version 4 (migration 182), but its catalogue
-- entry still offered "GIRO or other payment methods": the e-service list and search now say what it does.
UPDATE eservices
   SET description = 'Pay deposits for court proceedings by PayNow and keep the receipts.'
 WHERE code = 'PCD'
   AND description = 'Pay deposits for court proceedings by GIRO or other payment methods and keep the receipts.';

-- The FAQ on payment methods told of GIRO and cards; the portal's bills are paid by PayNow.
UPDATE content_items
   SET body = $t$Fees and deposits are paid by PayNow: once you submit, the e-service shows a PayNow QR code for the amount, with the UEN and reference to type in if you cannot scan it. A payment by a debtor made another way (GIRO, card or cheque) is recorded with its date and proof instead. Keep the receipt that the portal gives once the payment is received; it is also available later under your records.$t$
 WHERE page_slug = 'faqs' AND anchor = 'payment-methods'
   AND body LIKE 'Fees and deposits can be paid by GIRO, or online by debit or credit card%';
