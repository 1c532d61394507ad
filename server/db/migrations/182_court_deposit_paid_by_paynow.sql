-- The next version of PCD, built on its current version and guarded by the names at the paths it changes;
-- earlier versions stay for the records filled in under them. A court deposit is paid through the portal by
-- PayNow, the one way it takes money, so the form no longer asks a payment method it would bill by PayNow
-- whatever the answer (docs/decisions/0082-a-payment-is-billed-as-its-method-says.md).
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'PCD', v.version + 1,
       jsonb_set(v.definition #- '{pages,1,sections,0,fields,1}',
         '{pages,1,sections,0,fields,0,hint}',
         '"You pay the deposit by PayNow: you get a PayNow QR code for it once you submit."')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'PCD'
   AND v.definition #>> '{pages,1,sections,0,fields,0,name}' = 'depositAmount'
   AND v.definition #>> '{pages,1,sections,0,fields,1,name}' = 'paymentMethod';
UPDATE eservices e SET form_version = (SELECT max(w.version) FROM eservice_form_versions w WHERE w.code = e.code)
 WHERE e.code = 'PCD';
