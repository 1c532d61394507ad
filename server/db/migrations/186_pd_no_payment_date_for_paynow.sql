-- The next version of PD, built on its current version and guarded by the names at the paths it changes;
-- earlier versions stay for the records filled in under them. The payment date is of a payment already made
-- (by GIRO, card or cheque, as the method's hint says): a PayNow payment is made after submitting, from its
-- bill, so the date is asked only of another method. It was required of PayNow too, and the date made up
-- for it was printed on the acknowledgement before any money moved. The proof of payment stays: optional,
-- and a payer by PayNow may still attach one.
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'PD', v.version + 1,
       jsonb_set(v.definition,
         '{pages,1,sections,0,fields,2,showIf}', '{"field": "paymentMethod", "op": "notEquals", "value": "PAYNOW"}')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'PD'
   AND v.definition #>> '{pages,1,sections,0,fields,1,name}' = 'paymentMethod'
   AND v.definition #>> '{pages,1,sections,0,fields,2,name}' = 'paymentDate';
UPDATE eservices e SET form_version = (SELECT max(w.version) FROM eservice_form_versions w WHERE w.code = e.code)
 WHERE e.code = 'PD';
