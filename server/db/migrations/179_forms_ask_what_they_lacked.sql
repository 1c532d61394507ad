-- Version 3 of forms that lacked a question (docs/decisions/0035-form-model-v2.md). Each is derived from
-- version 2, guarded by the names at the paths it changes; version 2 stays for the records filled in under it.

-- The estate account statement (ESA) ends with the declaration every other form has, and a copy by post
-- goes to a whole address: a postal code alone is no address to post to.
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'ESA', 3,
       jsonb_insert(jsonb_set(definition,
         '{pages,0,sections,1,fields,1}',
         '{"name":"mailingAddress","label":"Address for the posted copy","type":"address","required":true,
           "showIf":{"field":"mailCopy","op":"equals","value":"Y"}}'),
         '{pages,1}',
         '{"id":"declaration","heading":"Declaration","sections":[{"heading":"Declaration","fields":[
           {"name":"declaration","label":"Declaration","type":"declaration",
            "text":"I declare that the information I have given is true and complete. I understand that giving false information is an offence."}]}]}',
         true)
  FROM eservice_form_versions
 WHERE code = 'ESA' AND version = 2
   AND definition #>> '{pages,0,sections,1,fields,0,name}' = 'mailCopy'
   AND definition #>> '{pages,0,sections,1,fields,1,name}' = 'mailingPostalCode'
   AND jsonb_array_length(definition -> 'pages') = 1;
UPDATE eservices SET form_version = 3
 WHERE code = 'ESA' AND EXISTS (SELECT 1 FROM eservice_form_versions WHERE code = 'ESA' AND version = 3);

-- A refund of deposits (PRD) to an individual asks the payee's NRIC or FIN, as a business payee's UEN is
-- asked: the refund is paid to a person the officer can identify. Built on PRD's current version (3, in
-- Singapore dollars only, from migration 177), as the next.
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'PRD', v.version + 1,
       jsonb_insert(v.definition,
         '{pages,1,sections,0,fields,3}',
         '{"name":"payeeNric","label":"NRIC or FIN of the payee","type":"nric","required":true,
           "showIf":{"field":"entityType","op":"equals","value":"I"}}')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'PRD'
   AND v.definition #>> '{pages,1,sections,0,fields,0,name}' = 'entityType'
   AND v.definition #>> '{pages,1,sections,0,fields,2,name}' = 'payeeUen'
   AND v.definition #>> '{pages,1,sections,0,fields,3,name}' = 'bankAccountNumber';
UPDATE eservices SET form_version = (SELECT max(version) FROM eservice_form_versions WHERE code = 'PRD')
 WHERE code = 'PRD';

-- A bankrupt's statement of accounts (BSA) is of one month ("The month of the statement"): its period ends no
-- more than 30 days after it starts, so any calendar month fits and a statement of many months does not; and
-- its total expenditure is the sum of the expenses it lists
-- (docs/decisions/0081-a-bankrupts-statement-is-of-a-month-and-adds-up.md).
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'BSA', 3,
       jsonb_set(jsonb_set(definition,
         '{pages,0,sections,0,fields,1,compare}',
         '[{"op":"gt","field":"periodStart"},{"op":"lte","field":"periodStart","days":30}]'),
         '{pages,2,sections,0,fields,1,sumOf}', '{"group":"expenses","field":"amount"}')
  FROM eservice_form_versions
 WHERE code = 'BSA' AND version = 2
   AND definition #>> '{pages,0,sections,0,fields,0,name}' = 'periodStart'
   AND definition #>> '{pages,0,sections,0,fields,1,name}' = 'periodEnd'
   AND definition #>> '{pages,2,sections,0,fields,0,name}' = 'expenses'
   AND definition #>> '{pages,2,sections,0,fields,0,fields,1,name}' = 'amount'
   AND definition #>> '{pages,2,sections,0,fields,1,name}' = 'monthlyExpenditure';
UPDATE eservices SET form_version = 3
 WHERE code = 'BSA' AND EXISTS (SELECT 1 FROM eservice_form_versions WHERE code = 'BSA' AND version = 3);
