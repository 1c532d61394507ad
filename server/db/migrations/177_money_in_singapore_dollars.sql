-- New versions of the forms whose money must be in Singapore dollars (docs/decisions/0078): each amount whose
-- limit or bill is meant in S$ takes that currency only (an amount question's `currency`), PC shows the
-- portal's certificate fee instead of asking it (`fee`), and PD's payment method says what each choice does.
-- Each is made from the e-service's current version, checked by the names at the paths it changes; the
-- earlier versions stay as they were for the records filled in under them.
CREATE TEMPORARY TABLE money_forms (code text PRIMARY KEY, definition jsonb NOT NULL) ON COMMIT DROP;

INSERT INTO money_forms
SELECT v.code, jsonb_set(v.definition, '{pages,1,sections,0,fields,0,currency}', '"SGD"')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'PCD' AND v.definition #>> '{pages,1,sections,0,fields,0,name}' = 'depositAmount';

INSERT INTO money_forms
SELECT v.code, jsonb_set(v.definition, '{pages,0,sections,0,fields,2,currency}', '"SGD"')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'PRD' AND v.definition #>> '{pages,0,sections,0,fields,2,name}' = 'refundAmount';

INSERT INTO money_forms
SELECT v.code,
       jsonb_set(jsonb_set(v.definition,
         '{pages,1,sections,0,fields,0,currency}', '"SGD"'),
         '{pages,1,sections,0,fields,0,hint}', '"At least S$15,000.00: the threshold for a bankruptcy application."')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'SDNE' AND v.definition #>> '{pages,1,sections,0,fields,0,name}' = 'amountDemanded';

INSERT INTO money_forms
SELECT v.code,
       jsonb_set(v.definition, '{pages,0,sections,0,fields,3}',
         '{"name": "certificateFee", "label": "Certificate fee", "type": "amount", "currency": "SGD",
           "fee": "paymentCertificate", "hint": "The fee for the certificate. You pay it by PayNow once you submit."}')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'PC' AND v.definition #>> '{pages,0,sections,0,fields,3,name}' = 'certificateFee';

INSERT INTO money_forms
SELECT v.code,
       jsonb_set(jsonb_set(jsonb_set(v.definition,
         '{pages,1,sections,0,fields,0,currency}', '"SGD"'),
         '{pages,1,sections,1,fields,0,fields,1,currency}', '"SGD"'),
         '{pages,1,sections,0,fields,1,hint}',
         '"Choose PayNow to pay through this portal: you get a PayNow QR code for the amount once you submit. For a payment already made by GIRO, card or cheque, give its date and attach its proof: it is recorded, not billed."')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'PD'
   AND v.definition #>> '{pages,1,sections,0,fields,0,name}' = 'paymentAmount'
   AND v.definition #>> '{pages,1,sections,0,fields,1,name}' = 'paymentMethod'
   AND v.definition #>> '{pages,1,sections,1,fields,0,fields,1,name}' = 'amount';

INSERT INTO eservice_form_versions (code, version, definition)
SELECT m.code, (SELECT max(w.version) + 1 FROM eservice_form_versions w WHERE w.code = m.code), m.definition
  FROM money_forms m;
UPDATE eservices e SET form_version = (SELECT max(w.version) FROM eservice_form_versions w WHERE w.code = e.code)
 WHERE e.code IN (SELECT code FROM money_forms);
