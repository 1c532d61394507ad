-- The next version of FIR, built on its current version and guarded by the name at the path it changes;
-- earlier versions stay for the records filled in under them. The report question said "The signed report as
-- a PDF of up to 10 MB" while it takes PDF, JPG or PNG files, up to five: someone with a scanned report in
-- pictures was told it would not do, and one with a Word file was refused in words the hint did not prepare.
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'FIR', v.version + 1,
       jsonb_set(v.definition, '{pages,1,sections,1,fields,0,hint}',
         '"The signed report: PDF, JPG or PNG, up to 5 files of 10 MB each."')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'FIR'
   AND v.definition #>> '{pages,1,sections,1,fields,0,name}' = 'report'
   AND v.definition #>> '{pages,1,sections,1,fields,0,hint}' = 'The signed report as a PDF of up to 10 MB.';
UPDATE eservices e SET form_version = (SELECT max(w.version) FROM eservice_form_versions w WHERE w.code = e.code)
 WHERE e.code = 'FIR';
