-- A certificate of payments dates a PayNow payment by the value date of the credit that paid its bill
-- (docs/decisions/0085): found by the bill, not by reading every credit ever imported.
CREATE INDEX statement_lines_bill_idx ON statement_lines (bill_id) WHERE bill_id IS NOT NULL;
