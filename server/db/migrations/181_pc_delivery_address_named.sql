-- The next version of PC, built on its current version and guarded by the name at the path it changes;
-- earlier versions stay for the records filled in under them. The delivery address's label is now a name,
-- so its message reads "Enter address to send the certificate to", not "Enter send the certificate to".
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'PC', v.version + 1,
       jsonb_set(v.definition, '{pages,0,sections,1,fields,1,label}', '"Address to send the certificate to"')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'PC'
   AND v.definition #>> '{pages,0,sections,1,fields,1,name}' = 'deliveryAddress';
UPDATE eservices e SET form_version = (SELECT max(w.version) FROM eservice_form_versions w WHERE w.code = e.code)
 WHERE e.code = 'PC';
