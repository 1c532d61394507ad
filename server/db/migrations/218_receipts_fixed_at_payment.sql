-- What a receipt prints of who paid, fixed when its bill is settled, and the UEN it was paid to, fixed at the
-- receipt's first download, rather than the acting profile's name and the configured UEN of the day of each
-- download (docs/decisions/0113). paid_by_uen and paid_by_nric are the payer's number as the form gave it, when
-- the form asks for the payer (PCD).
ALTER TABLE bills
  ADD COLUMN IF NOT EXISTS paid_by text,
  ADD COLUMN IF NOT EXISTS paid_by_uen text,
  ADD COLUMN IF NOT EXISTS paid_by_nric text,
  ADD COLUMN IF NOT EXISTS paid_to_uen text;

-- Bills settled before: the payer the form named, else the payer of the last credit applied to the bill that
-- names one (the demo's simulated payment names none), else the profile's name as it is now, the best left.
-- Their UEN stays unknown, so their next download fixes the one configured then. (IF NOT EXISTS above: a test
-- runs this again over bills settled since.)
UPDATE bills b
   SET paid_by = COALESCE(
         NULLIF(btrim(c.data->>'payerName'), ''),
         (SELECT l.payer_name FROM statement_lines l
           WHERE l.bill_id = b.id AND l.status IN ('settled', 'matched') AND btrim(l.payer_name) <> ''
             AND l.payer_name <> 'Simulated payment'
           ORDER BY l.id DESC LIMIT 1),
         p.ptib_name),
       paid_by_uen = CASE WHEN NULLIF(btrim(c.data->>'payerName'), '') IS NOT NULL THEN c.data->>'payerUen' END,
       paid_by_nric = CASE WHEN NULLIF(btrim(c.data->>'payerName'), '') IS NOT NULL THEN c.data->>'payerNric' END
  FROM cases c, ptib_profiles p
 WHERE c.id = b.case_id AND p.id = b.profile_id AND b.receipt_number IS NOT NULL;
