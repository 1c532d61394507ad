-- The next version of PD, built on its current version and guarded by the names at the paths it changes;
-- earlier versions stay for the records filled in under them. Each creditor's amount was compared with the
-- payment alone, so two creditors of S$800.00 were taken out of a payment of S$1,000.00, and the
-- acknowledgement recorded S$1,600.00 as paid out of it. The payment is now at least the creditors' amounts
-- added up (`sumOf` with `op: 'gte'`), and the message stands by the creditors; the comparison of each
-- amount with the payment goes, as the sum says it and more.
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'PD', v.version + 1,
       jsonb_set(v.definition #- '{pages,1,sections,1,fields,0,fields,1,compare}',
         '{pages,1,sections,0,fields,0,sumOf}', '{"group": "creditors", "field": "amount", "op": "gte"}')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'PD'
   AND v.definition #>> '{pages,1,sections,0,fields,0,name}' = 'paymentAmount'
   AND v.definition #>> '{pages,1,sections,1,fields,0,name}' = 'creditors'
   AND v.definition #>> '{pages,1,sections,1,fields,0,fields,1,name}' = 'amount';
UPDATE eservices e SET form_version = (SELECT max(w.version) FROM eservice_form_versions w WHERE w.code = e.code)
 WHERE e.code = 'PD';
