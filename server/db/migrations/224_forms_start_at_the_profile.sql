-- The next versions of DAR, PCD, PC and ESA, each built on its current version and guarded by the names at
-- the paths it changes; earlier versions stay for the drafts and records filled in under them. Their questions are
-- the same; those asking the applicant's own name, NRIC, mobile number or address now start at what the profile
-- holds (WCAG 3.3.7: not asked again), and the applicant's own email address says whose it is, so the browser may
-- fill it in while a creditor's or a debtor's is kept from it (WCAG 1.3.5; docs/decisions/0119).
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'DAR', v.version + 1,
       jsonb_set(jsonb_set(jsonb_set(jsonb_set(v.definition,
         '{pages,0,sections,0,fields,0,prefill}', '"profile"'),
         '{pages,0,sections,0,fields,1,prefill}', '"profile"'),
         '{pages,0,sections,0,fields,4,about}', '"applicant"'),
         '{pages,0,sections,0,fields,5,prefill}', '"profile"')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'DAR'
   AND v.definition #>> '{pages,0,sections,0,fields,0,name}' = 'applicantName'
   AND v.definition #>> '{pages,0,sections,0,fields,1,name}' = 'applicantId'
   AND v.definition #>> '{pages,0,sections,0,fields,4,name}' = 'email'
   AND v.definition #>> '{pages,0,sections,0,fields,5,name}' = 'mobileNumber';

-- The payer is most often the applicant: the name and NRIC start at the profile's, to be changed for another payer.
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'PCD', v.version + 1,
       jsonb_set(jsonb_set(v.definition,
         '{pages,0,sections,0,fields,1,prefill}', '"profile"'),
         '{pages,0,sections,0,fields,4,prefill}', '"profile"')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'PCD'
   AND v.definition #>> '{pages,0,sections,0,fields,1,name}' = 'payerName'
   AND v.definition #>> '{pages,0,sections,0,fields,4,name}' = 'payerNric';

INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'PC', v.version + 1,
       jsonb_set(v.definition, '{pages,0,sections,1,fields,1,prefill}', '"profile"')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'PC'
   AND v.definition #>> '{pages,0,sections,1,fields,1,name}' = 'deliveryAddress';

INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'ESA', v.version + 1,
       jsonb_set(v.definition, '{pages,0,sections,1,fields,1,prefill}', '"profile"')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'ESA'
   AND v.definition #>> '{pages,0,sections,1,fields,1,name}' = 'mailingAddress';

UPDATE eservices e SET form_version = (SELECT max(w.version) FROM eservice_form_versions w WHERE w.code = e.code)
 WHERE e.code IN ('DAR', 'PCD', 'PC', 'ESA');
