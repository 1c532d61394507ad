-- A Bankrupt Statement of Accounts record was numbered "BS 000030 2026", the form of the insolvency register's
-- bankruptcy case numbers ("BS 004321 2023"), which the estate questions of other forms ask for with "BS 000042
-- 2026" as their example: a bankrupt who copied their record's number from the dashboard named another case.
-- New records are numbered "SA …"; those made before keep their numbers (a number is never reused, whatever its
-- letters: one sequence numbers every e-service's records).
UPDATE eservices SET case_type = 'SA' WHERE code = 'BSA' AND case_type = 'BS';
